import { useTranslation } from 'react-i18next';
import { useState, type FormEvent } from 'react';
import type { ConnectionProfile, SessionState } from '../../../common/methods/session';
import { rpc } from '../rpc/client';
import { signInErrorText } from './sign-in-error';

/**
 * Shown over a running screen when the token expired and no password is stored: the
 * fleet stays on screen from the cache and queued work waits until the user signs in.
 */
export function PasswordPrompt({ profile, onSession }: { profile: ConnectionProfile; onSession: (s: SessionState) => void }) {
  const { t } = useTranslation('screens');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSession(await rpc('session/resume', { profileId: profile.id, password }));
    } catch (err) {
      setError(signInErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="password-prompt" role="alertdialog" aria-label={t('prompt.label')} onSubmit={(e) => void submit(e)}>
      <p>
        {t('prompt.endedBefore')}
        <strong>{profile.name}</strong>
        {t('prompt.endedMiddle')}
        <strong>{profile.login}</strong>
        {t('prompt.endedAfter')}
      </p>
      <label>
        {t('prompt.password')}
        <input type="password" autoFocus autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
        {busy ? t('prompt.signingIn') : t('prompt.signIn')}
      </button>
      {error && (
        <span role="alert" className="error">
          {error}
        </span>
      )}
    </form>
  );
}
