import { useEffect } from 'react';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { objectsOf } from '../../../common/methods/live';
import { onLink, onPush, rpc } from '../rpc/client';
import { connectivity, useConnectivity } from '../stores/connectivity';
import { fleetStore } from '../stores/fleet-store';

/**
 * Feeds the fleet store: the cached list and positions at once, then deltas as they
 * are pushed. After the link to the host comes back, resync from a snapshot, since
 * deltas sent while it was down are lost.
 *
 * Pushes that arrive while a snapshot is being read are held and applied after it: the
 * snapshot may have been taken before them (the three reads answer at different times),
 * and applying them first would let the older snapshot overwrite them. Replaying a delta
 * the snapshot already contains is harmless (upserts by id, removals, newer columns).
 */
export function useLiveFleet(): ConnectivityState | null {
  const conn = useConnectivity();
  useEffect(() => {
    let alive = true;
    let held: Array<() => void> | null = null;
    const whenLoaded = (apply: () => void) => {
      if (held) held.push(apply);
      else apply();
    };
    /** Reads a snapshot with pushes held; overlapping reads hold until the last one ends. */
    let reading = 0;
    const holding = async (read: () => Promise<void>) => {
      held ??= [];
      reading++;
      try {
        await read();
      } finally {
        if (--reading === 0) {
          const replay = held ?? [];
          held = null;
          if (alive) for (const apply of replay) apply();
        }
      }
    };
    const load = () =>
      holding(async () => {
        const [list, snap, c] = await Promise.all([rpc('objects/list', {}), rpc('status/snapshot', {}), rpc('connectivity/state', {})]);
        if (!alive) return;
        fleetStore.setObjects(objectsOf(list), list.fetchedAt);
        fleetStore.applyColumns(snap, snap.fetchedAt, true);
        connectivity.set(c);
      });
    const reloadObjects = () =>
      holding(async () => {
        const list = await rpc('objects/list', {});
        if (alive) fleetStore.setObjects(objectsOf(list), list.fetchedAt);
      });
    void load().catch(() => {});
    let wasClosed = false;
    const offs = [
      onPush('status/delta', (d) => whenLoaded(() => fleetStore.applyColumns(d, d.fetchedAt))),
      onPush('objects/changed', (c) =>
        whenLoaded(() => {
          if (c.reload) void reloadObjects().catch(() => {});
          else fleetStore.applyObjects(c.upserted, c.removed, c.fetchedAt);
        }),
      ),
      onPush('connectivity/changed', connectivity.set),
      onLink((s) => {
        // The last state read is not the service's any more: the badge says Connecting… until the reload.
        if (s === 'closed') {
          wasClosed = true;
          connectivity.set(null);
        }
        if (s === 'open' && wasClosed) {
          wasClosed = false;
          void load().catch(() => {});
        }
      }),
    ];
    return () => {
      alive = false;
      for (const off of offs) off();
      connectivity.set(null);
    };
  }, []);
  return conn;
}
