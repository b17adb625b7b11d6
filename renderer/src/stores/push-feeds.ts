/**
 * Every subscription to the core's pushes that keeps a store up to date is made here, so
 * what feeds each store, and how it catches up after the link to the host comes back, is
 * read in one place. A component that shows a push only it needs (the notices, the dead
 * letters, one object's details, a history load's chunks) still listens to it itself.
 *
 * A store whose module would otherwise import this one (events/events-store.ts) passes its
 * handlers in (`feedEvents`), so the store keeps its rules and this module its wiring.
 */
import type { EventsChanged } from '../../../common/methods/events';
import { objectsOf } from '../../../common/object-summaries';
import type { StatusDelta } from '../../../common/methods/live';
import type { OutboxState } from '../../../common/methods/outbox';
import { onLink, onPush, rpc } from '../rpc/client';
import { connectivity } from './connectivity';
import { deltaSlices } from './delta-slices';
import { fleetStore } from './fleet-store';

/**
 * Pushes sent while the link was down are lost: `reload` runs when it opens again after
 * having closed (`closed` runs at the close).
 */
function onRelink(reload: () => void, closed?: () => void): () => void {
  let wasClosed = false;
  return onLink((s) => {
    if (s === 'closed') {
      wasClosed = true;
      closed?.();
    }
    if (s === 'open' && wasClosed) {
      wasClosed = false;
      reload();
    }
  });
}

/**
 * Feeds the fleet store and the connectivity: the cached list, then the positions, then
 * deltas as they are pushed; after the link comes back, a snapshot again. Returns the stop.
 *
 * Pushes that arrive while a snapshot is being read are held and applied after it: the
 * snapshot may have been taken before them (the three reads answer at different times),
 * and applying them first would let the older snapshot overwrite them. Replaying a delta
 * the snapshot already contains is harmless (upserts by id, removals, newer columns).
 */
export function feedFleet(): () => void {
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
      const list = rpc('objects/list', {});
      const snapshot = rpc('status/snapshot', {});
      snapshot.catch(() => {}); // awaited below; a failed list must not leave this rejection unhandled
      // The badge's state is a small read that the host may hold behind the two big replies
      // (host/claimed-first.ts): the positions do not wait for it.
      void rpc('connectivity/state', {})
        .then((c) => alive && connectivity.set(c))
        .catch(() => {});
      // The list is drawn as soon as it comes: at launch the positions are the ingest worker's
      // first read, often later, and the list's rows and sort are then done by the time they are.
      const objects = await list;
      if (!alive) return;
      fleetStore.setObjects(objectsOf(objects), objects.fetchedAt, objects.namesOnly === true, true);
      const snap = await snapshot;
      if (!alive) return;
      fleetStore.applyColumns(snap, snap.fetchedAt, true);
    });
  const reloadObjects = () =>
    holding(async () => {
      const list = await rpc('objects/list', {});
      if (alive) fleetStore.setObjects(objectsOf(list), list.fetchedAt, list.namesOnly === true, true);
    });
  void load().catch(() => {});
  // A big delta goes in slices, a task each (delta-slices.ts); the windows hear of it once, at its last.
  const applyDelta = deltaSlices<StatusDelta>((slice, d, last) => alive && fleetStore.applyColumns(slice, d.fetchedAt, false, last));
  const offs = [
    onPush('status/delta', (d) => whenLoaded(() => applyDelta(d))),
    onPush('objects/changed', (c) =>
      whenLoaded(() => {
        if (c.reload) void reloadObjects().catch(() => {});
        else fleetStore.applyObjects(c.upserted, c.removed, c.fetchedAt);
      }),
    ),
    onPush('connectivity/changed', connectivity.set),
    onRelink(
      () => void load().catch(() => {}),
      // The last state read is not the service's any more: the badge says Connecting… until the reload.
      () => connectivity.set(null),
    ),
  ];
  return () => {
    alive = false;
    for (const off of offs) off();
    connectivity.set(null);
  };
}

/** What the events store does with its pushes (events/events-store.ts). */
export interface EventsFeed {
  /** The whole list again (first load, a missed delta, the link back). */
  load: () => void;
  changed: (d: EventsChanged) => void;
  outbox: (s: OutboxState) => void;
}

/** Feeds the events store while something shows it; returns the stop. */
export function feedEvents(feed: EventsFeed): () => void {
  feed.load();
  const offs = [onPush('events/changed', feed.changed), onPush('outbox/changed', feed.outbox), onRelink(feed.load)];
  return () => offs.forEach((off) => off());
}

/** The group names are loaded again when the object list or the groups change (both come from the reference refresh). */
export function feedGroupNames(load: () => void): void {
  onPush('objects/changed', load);
  onPush('objects/groupsChanged', load);
}
