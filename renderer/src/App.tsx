import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../common/methods/session';
import { RpcError, onPush, rpc } from './rpc/client';
import { Shell } from './screens/Shell';
import { SignIn } from './screens/SignIn';
import { feedFleet } from './stores/push-feeds';
import { resetSessionStores } from './stores/session-scope';
import { Notices } from './ui/Notices';
import './theme/theme';

export function App() {
  const { t } = useTranslation('app');
  const [session, setSession] = useState<SessionState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const profileId = useRef<string | null>(null);
  const stopFleet = useRef<(() => void) | null>(null);

  // Every session change passes here, so the stores are emptied before the new Shell mounts.
  // The fleet is asked for here, before the Shell's first render: the host reads and sends the
  // list and the positions while the page draws the shell.
  const accept = useCallback((s: SessionState) => {
    const id = s.status === 'signed_out' ? null : s.profile.id;
    if (id !== profileId.current) {
      stopFleet.current?.();
      stopFleet.current = null;
      if (profileId.current !== null) resetSessionStores();
      profileId.current = id;
      if (id !== null) stopFleet.current = feedFleet();
    }
    setSession(s);
  }, []);

  useEffect(() => {
    // A remount (React's strict mode in development) feeds the signed-in fleet again.
    if (profileId.current !== null) stopFleet.current ??= feedFleet();
    rpc('session/state', {})
      .then(accept)
      .catch((e: unknown) => setError(e instanceof RpcError ? e.text : String(e)));
    const off = onPush('session/changed', accept);
    return () => {
      off();
      stopFleet.current?.();
      stopFleet.current = null;
    };
  }, [accept]);

  // Nothing else can show (a used or expired link, a host that refuses the tab): said in a card, not in the corner.
  if (error)
    return (
      <main className="app-message">
        <h1>{t('title')}</h1>
        <p role="alert" className="error">
          {error}
        </p>
      </main>
    );
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
