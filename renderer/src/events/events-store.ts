/**
 * The events this window shows: the core's whole picture (pushed after every change),
 * minus what the operator has just acknowledged here (hidden at once, before the core
 * answers), plus which events are checked for a bulk acknowledgement.
 */
import { useSyncExternalStore } from 'react';
import type { AckError, EventScope, EventsChanged } from '../../../common/methods/events';
import type { OutboxState } from '../../../common/methods/outbox';
import type { FleetEvent } from '../../../common/resources';
import { RpcError, onLink, onPush, rpc } from '../rpc/client';

export interface EventsView {
  loaded: boolean;
  all: FleetEvent[];
  feed: FleetEvent[];
  fetchedAt: number | null;
  /** Acknowledgements written here that the service has not confirmed yet. */
  pendingAcks: number;
  ackErrors: AckError[];
  checked: ReadonlySet<number>;
  /** The last acknowledgement the core itself refused (not a service refusal: those are ackErrors). */
  error: string | null;
}

type Listener = () => void;
type NewEventsListener = (events: FleetEvent[]) => void;

const listeners = new Set<Listener>();
const newListeners = new Set<NewEventsListener>();
let picture: EventsChanged | null = null;
let hidden = new Set<number>();
let seen: Set<number> | null = null;
const EMPTY_VIEW: EventsView = { loaded: false, all: [], feed: [], fetchedAt: null, pendingAcks: 0, ackErrors: [], checked: new Set(), error: null };
let view: EventsView = EMPTY_VIEW;
let pendingFromOutbox = 0;
let started = 0;
let stop: (() => void) | null = null;

function rebuild(patch: Partial<EventsView> = {}) {
  const p = picture;
  const all = p ? p.all.filter((e) => !hidden.has(e.Id)) : [];
  const feedIds = new Set(p?.feedIds ?? []);
  const ids = new Set(all.map((e) => e.Id));
  // An event that left the list cannot stay checked: A would acknowledge something unseen.
  const checked = new Set([...(patch.checked ?? view.checked)].filter((id) => ids.has(id)));
  view = {
    ...view,
    ...patch,
    loaded: p !== null,
    all,
    feed: all.filter((e) => feedIds.has(e.Id)),
    fetchedAt: p?.fetchedAt ?? null,
    pendingAcks: Math.max(pendingFromOutbox, p?.pendingAckIds.length ?? 0),
    ackErrors: p?.ackErrors ?? [],
    checked,
  };
  for (const l of listeners) l();
}

function accept(next: EventsChanged) {
  picture = next;
  // Once the core no longer lists an event, our optimistic hiding of it has done its job.
  const listed = new Set(next.all.map((e) => e.Id));
  hidden = new Set([...hidden].filter((id) => listed.has(id)));
  const feedIds = new Set(next.feedIds);
  if (seen === null) {
    seen = new Set(listed);
  } else {
    const fresh = next.all.filter((e) => !seen!.has(e.Id) && feedIds.has(e.Id));
    for (const id of listed) seen.add(id);
    if (fresh.length) for (const l of newListeners) l(fresh);
  }
  rebuild();
}

async function load() {
  // 'all' carries every event; the feed is the part of it the feed list returns.
  const [all, feed, outbox] = await Promise.all([rpc('events/list', { scope: 'all' }), rpc('events/list', { scope: 'feed' }), rpc('outbox/list', {})]);
  pendingFromOutbox = outbox.pending;
  accept({ all: all.events, feedIds: feed.events.map((e) => e.Id), fetchedAt: all.fetchedAt, pendingAckIds: all.pendingAckIds, ackErrors: all.ackErrors });
}

function onOutbox(s: OutboxState) {
  pendingFromOutbox = s.pending;
  rebuild();
}

function start() {
  let wasClosed = false;
  void load().catch(() => {});
  const offs = [
    onPush('events/changed', accept),
    onPush('outbox/changed', onOutbox),
    onLink((s) => {
      if (s === 'closed') wasClosed = true;
      if (s === 'open' && wasClosed) {
        wasClosed = false;
        void load().catch(() => {});
      }
    }),
  ];
  return () => offs.forEach((off) => off());
}

export const eventsStore = {
  get: () => view,
  subscribe(l: Listener) {
    listeners.add(l);
    if (started++ === 0) stop = start();
    return () => {
      listeners.delete(l);
      if (--started === 0) {
        stop?.();
        stop = null;
      }
    };
  },
  /** Another session: its events are not this one's, and its first load must not ring. */
  reset() {
    picture = null;
    hidden = new Set();
    seen = null;
    pendingFromOutbox = 0;
    view = EMPTY_VIEW;
    for (const l of listeners) l();
  },
  /** Called with feed events that were not there before (never for the first load). */
  onNew(l: NewEventsListener) {
    newListeners.add(l);
    return () => {
      newListeners.delete(l);
    };
  },
  check(id: number, on: boolean) {
    const next = new Set(view.checked);
    if (on) next.add(id);
    else next.delete(id);
    rebuild({ checked: next });
  },
  setChecked(ids: Iterable<number>) {
    rebuild({ checked: new Set(ids) });
  },
  /** Optimistic: the events leave every list now; the core makes it durable and delivers it. */
  async ack(ids: number[]) {
    if (ids.length === 0) return;
    for (const id of ids) hidden.add(id);
    const checked = new Set(view.checked);
    for (const id of ids) checked.delete(id);
    rebuild({ checked, error: null });
    try {
      await rpc('events/ack', { ids });
    } catch (e) {
      for (const id of ids) hidden.delete(id);
      rebuild({ error: e instanceof RpcError ? e.text : String(e) });
    }
  },
  async retry(entryId: number) {
    await rpc('outbox/retry', { id: entryId });
  },
  async discard(entryId: number) {
    await rpc('outbox/discard', { id: entryId });
  },
};

export function useEvents(): EventsView {
  return useSyncExternalStore(eventsStore.subscribe, eventsStore.get);
}

export function eventsOf(v: EventsView, scope: EventScope): FleetEvent[] {
  return scope === 'feed' ? v.feed : v.all;
}
