import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../common/methods/session';
import { RpcError, onPush, rpc } from './rpc/client';
import { Shell } from './screens/Shell';
import { SignIn } from './screens/SignIn';
import { resetSessionStores } from './stores/session-scope';
import { Notices } from './ui/Notices';
import './theme/theme';

export function App() {
  const { t } = useTranslation('app');
  const [session, setSession] = useState<SessionState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const profileId = useRef<string | null>(null);

  // Every session change passes here, so the stores are emptied before the new Shell mounts.
  const accept = useCallback((s: SessionState) => {
    const id = s.status === 'signed_out' ? null : s.profile.id;
    if (id !== profileId.current) {
      if (profileId.current !== null) resetSessionStores();
      profileId.current = id;
    }
    setSession(s);
  }, []);

  useEffect(() => {
    rpc('session/state', {})
      .then(accept)
      .catch((e: unknown) => setError(e instanceof RpcError ? e.text : String(e)));
    return onPush('session/changed', accept);
  }, [accept]);

  if (error) return <p role="alert" className="error">{error}</p>;
  if (!session) return <p className="loading" role="status">{t('starting')}</p>;
  // Notices (a damaged file set aside, no keyring) show above the form; the Shell shows them under its bar.
  if (session.status === 'signed_out')
    return (
      <>
        <Notices />
        <SignIn state={session} onSignedIn={accept} />
      </>
    );
  return <Shell key={session.profile.id} session={session} onSession={accept} />;
}
