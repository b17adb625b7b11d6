import { useState, type FormEvent } from 'react';
import type { SessionState } from '../../../common/methods/session';
import { rpc } from '../rpc/client';
import { signInErrorText } from './sign-in-error';
import { PLAIN_HTTP_WARNING, crossesNetworkUnencrypted } from './plain-http';
import '../ui/notices.css';

interface Props {
  state: SessionState;
  onSignedIn: (s: SessionState) => void;
}

/** The demo fleet is the first choice; a real service is one form away. */
export function SignIn({ state, onSignedIn }: Props) {
  const [baseUrl, setBaseUrl] = useState(state.status === 'signed_out' ? (state.suggestedBaseUrl ?? '') : '');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<SessionState>) => {
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await call());
    } catch (e) {
      setError(signInErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => rpc('session/signIn', { baseUrl, login, password, remember }));
  };

  const saved = state.profiles.filter((p) => !p.demo);

  return (
    <main className="signin" aria-labelledby="signin-title">
      <h1 id="signin-title">Fleet Console</h1>
      <p className="lede">Watch your fleet live, replay its history and manage it in bulk.</p>
      <button type="button" className="primary big" disabled={busy} onClick={() => void run(() => rpc('session/useDemo', {}))}>
        Open the demo fleet
      </button>
      {saved.length > 0 && (
        <section aria-label="Saved connections" className="saved">
          <h2>Saved connections</h2>
          <ul>
            {saved.map((p) => (
              <li key={p.id}>
                <button type="button" disabled={busy} onClick={() => void run(() => rpc('session/resume', { profileId: p.id }))}>
                  {p.name} — {p.login}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form onSubmit={submit} aria-label="Sign in to a fleet service">
        <h2>Or sign in to your fleet service</h2>
        <label>
          Server address
          {/* Text, not url: "fleet.example.com:8443" without a scheme is accepted (common/server-address.ts). */}
          <input type="text" inputMode="url" spellCheck={false} required placeholder="https://fleet.example.com" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
        </label>
        {/* Still allowed (a lab server may have no certificate); the user decides knowing it. */}
        {crossesNetworkUnencrypted(baseUrl) && (
          <p role="alert" className="warning" id="signin-http-warning">
            {PLAIN_HTTP_WARNING}
          </p>
        )}
        <label>
          Login
          <input required autoComplete="username" value={login} onChange={(e) => setLogin(e.target.value)} />
        </label>
        <label>
          Password
          <input type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          Remember me on this computer
        </label>
        <button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </main>
  );
}
