import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import type { SessionState } from '../../../common/methods/session';
import { rpc } from '../rpc/client';
import { signInErrorText } from './sign-in-error';
import { crossesNetworkUnencrypted } from './plain-http';
import '../ui/notices.css';

interface Props {
  state: SessionState;
  onSignedIn: (s: SessionState) => void;
}

/** The demo fleet is the first choice; a real service is one form away. */
export function SignIn({ state, onSignedIn }: Props) {
  const { t } = useTranslation('screens');
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
      <h1 id="signin-title">{t('app:title')}</h1>
      <p className="lede">{t('signIn.lede')}</p>
      <button type="button" className="primary big" disabled={busy} onClick={() => void run(() => rpc('session/useDemo', {}))}>
        {t('signIn.demo')}
      </button>
      {saved.length > 0 && (
        <section aria-label={t('signIn.saved')} className="saved">
          <h2>{t('signIn.saved')}</h2>
          <ul>
            {saved.map((p) => (
              <li key={p.id}>
                <button type="button" disabled={busy} onClick={() => void run(() => rpc('session/resume', { profileId: p.id }))}>
                  {t('signIn.savedItem', { name: p.name, login: p.login })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form onSubmit={submit} aria-label={t('signIn.form')}>
        <h2>{t('signIn.or')}</h2>
        <label>
          {t('signIn.server')}
          {/* Text, not url: "fleet.example.com:8443" without a scheme is accepted (common/server-address.ts). */}
          <input type="text" inputMode="url" spellCheck={false} required placeholder={t('signIn.serverPlaceholder')} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
        </label>
        {/* Still allowed (a lab server may have no certificate); the user decides knowing it. */}
        {crossesNetworkUnencrypted(baseUrl) && (
          <p role="alert" className="warning" id="signin-http-warning">
            {t('signIn.plainHttp')}
          </p>
        )}
        <label>
          {t('signIn.login')}
          <input required autoComplete="username" value={login} onChange={(e) => setLogin(e.target.value)} />
        </label>
        <label>
          {t('signIn.password')}
          <input type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('signIn.remember')}
        </label>
        <button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t('signIn.signingIn') : t('signIn.signIn')}
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
