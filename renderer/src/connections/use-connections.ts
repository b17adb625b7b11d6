import { useEffect, useState } from 'react';
import type { ConnectionInfo, ConnectionsList } from '../../../common/methods/session';
import { onLink, onPush, rpc } from '../rpc/client';

/**
 * The connections list, kept current by `session/connections` pushes (a background
 * connection's alarm count, one opened or closed, a rename); read again after the link
 * to the host comes back, since pushes sent meanwhile are lost.
 */
export function useConnections(): [ConnectionsList | null, (l: ConnectionsList) => void] {
  const [list, setList] = useState<ConnectionsList | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      void rpc('session/connections', {})
        .then((l) => alive && setList(l))
        .catch(() => {});
    load();
    const offs = [onPush('session/connections', setList), onLink((s) => s === 'open' && load())];
    return () => {
      alive = false;
      offs.forEach((off) => off());
    };
  }, []);
  return [list, setList];
}

/** Alarms of the open connections that are not on screen: what the top bar says beside the switcher. */
export function backgroundAlarms(list: readonly ConnectionInfo[]): number {
  return list.reduce((sum, c) => sum + (c.foreground || c.alarms === null ? 0 : c.alarms), 0);
}
