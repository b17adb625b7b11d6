import { useSyncExternalStore, useState } from 'react';
import type { SessionState } from '../../../common/methods/session';
import { ObjectList } from '../list/ObjectList';
import { MapView } from '../map/MapView';
import { rpc } from '../rpc/client';
import { fleetStore } from '../stores/fleet-store';
import { ConnectivityBadge } from '../ui/ConnectivityBadge';
import { useLiveFleet } from './use-live-fleet';

interface Props {
  session: Extract<SessionState, { status: 'signed_in' | 'needs_password' }>;
  onSession: (s: SessionState) => void;
}

export function MainScreen({ session, onSession }: Props) {
  const conn = useLiveFleet();
  useSyncExternalStore(fleetStore.subscribe, fleetStore.getVersion);
  const [selected, setSelected] = useState<number | null>(null);
  const profile = session.profile;
  return (
    <div className="app">
      <header className="topbar">
        <h1>Fleet Console</h1>
        <span className="server" title={profile.baseUrl}>
          {profile.demo ? 'Demo fleet' : profile.name} · {profile.login}
        </span>
        <ConnectivityBadge state={conn} dataTime={fleetStore.positionsFetchedAt} />
        <button type="button" onClick={() => void rpc('session/signOut', {}).then(onSession)}>
          Sign out
        </button>
      </header>
      <main className="workspace">
        <ObjectList selected={selected} onSelect={setSelected} />
        <MapView selected={selected} onSelect={setSelected} />
      </main>
    </div>
  );
}
