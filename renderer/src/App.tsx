import { useEffect, useState } from 'react';
import type { SessionState } from '../../common/methods/session';
import { RpcError, onPush, rpc } from './rpc/client';
import { Shell } from './screens/Shell';
import { SignIn } from './screens/SignIn';
import './theme/theme';

export function App() {
  const [session, setSession] = useState<SessionState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    rpc('session/state', {})
      .then(setSession)
      .catch((e: unknown) => setError(e instanceof RpcError ? e.text : String(e)));
    return onPush('session/changed', setSession);
  }, []);

  if (error) return <p role="alert" className="error">{error}</p>;
  if (!session) return <p className="loading" role="status">Starting…</p>;
  if (session.status === 'signed_out') return <SignIn state={session} onSignedIn={setSession} />;
  return <Shell key={session.profile.id} session={session} onSession={setSession} />;
}
