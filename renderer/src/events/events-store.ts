/**
 * The events this window shows: the core's list, loaded once and then kept up to date by
 * the numbered deltas it pushes (`events/changed`; a gap in the numbers, e.g. after a
 * reconnect, means loading it again), minus what the operator has just acknowledged here
 * (hidden at once, before the core answers), plus which events are checked for a bulk
 * acknowledgement.
 */
import type { AckError, EventScope, EventsChanged } from '../../../common/methods/events';
import type { OutboxState } from '../../../common/methods/outbox';
import type { FleetEvent } from '../../../common/resources';
import { RpcError, rpc } from '../rpc/client';
import { createStore, useStoreInItsOwnTask } from '../stores/create-store';
import { feedEvents } from '../stores/push-feeds';
import { applyDelta, pictureOf, type EventsPicture } from './events-merge';
import { pendingReason } from './pending-reason';

export interface EventsView {
  loaded: boolean;
  all: FleetEvent[];
  feed: FleetEvent[];
  fetchedAt: number | null;
  /** Acknowledgements written here that the service has not confirmed yet. */
  pendingAcks: number;
  /** Why they still wait (the last failed attempt, retried by the core), null before any failure. */
  pendingReason: string | null;
  ackErrors: AckError[];
  checked: ReadonlySet<number>;
  /** The last acknowledgement the core itself refused (not a service refusal: those are ackErrors). */
  error: string | null;
}

type Listener = () => void;
type NewEventsListener = (events: FleetEvent[]) => void;

const newListeners = new Set<NewEventsListener>();
let picture: EventsPicture | null = null;
let hidden = new Set<number>();
/** Ids of the events this window has had, so that only new ones ring; bounded by `forgetOldest`. */
let seen: Set<number> | null = null;
/**
 * Past this many ids, the oldest had that are neither listed nor waiting for an acknowledgement
 * are forgotten, down to half: a window open for a week at 50,000 objects has had millions of
 * events. Such an event coming back into the list (a mass acknowledgement of newer ones) rings again.
 */
export const SEEN_MAX = 100_000;
/** New feed events of a change whose slices are still coming (EventsChanged.more): told at its last. */
let untold: FleetEvent[] = [];
const EMPTY_VIEW: EventsView = { loaded: false, all: [], feed: [], fetchedAt: null, pendingAcks: 0, pendingReason: null, ackErrors: [], checked: new Set(), error: null };
let view: EventsView = EMPTY_VIEW;
/** Tells the views; `view` is a new object at every change. */
const store = createStore<EventsView>(view);
let pendingFromOutbox = 0;
let reasonFromOutbox: string | null = null;
let started = 0;
let stop: (() => void) | null = null;
/** True while an `events/list` call is out: deltas are ignored until its reply (it is at least as new). */
let listing = false;
/** Bumped by reset(): a reply for the previous session is dropped. */
let generation = 0;

function rebuild(patch: Partial<EventsView> = {}) {
  const p = picture;
  const all = p ? (hidden.size ? p.all.filter((e) => !hidden.has(e.Id)) : p.all) : [];
  const feedIds = feedSet(p?.feedIds ?? []);
  let checked = patch.checked ?? view.checked;
  // An event that left the list cannot stay checked: A would acknowledge something unseen.
  if (checked.size) {
    const ids = new Set(all.map((e) => e.Id));
    checked = new Set([...checked].filter((id) => ids.has(id)));
  }
  view = {
    ...view,
    ...patch,
    loaded: p !== null,
    all,
    feed: all.filter((e) => feedIds.has(e.Id)),
    fetchedAt: p?.fetchedAt ?? null,
    pendingAcks: Math.max(pendingFromOutbox, p?.pendingAckIds.length ?? 0),
    pendingReason: reasonFromOutbox,
    ackErrors: p?.ackErrors ?? [],
    checked,
  };
  store.set(view);
}

/** The feed's ids as a set, made again only when the core sends new ones (a delta mostly keeps them). */
let feedIdsSet: { ids: number[]; set: ReadonlySet<number> } = { ids: [], set: new Set() };
function feedSet(ids: number[]): ReadonlySet<number> {
  if (feedIdsSet.ids !== ids) feedIdsSet = { ids, set: new Set(ids) };
  return feedIdsSet.set;
}

/**
 * `candidates`: the events that may not have been seen (a delta's upserted ones; a load's all).
 * `more`: a slice of a change whose last is still coming; the view and the alerts follow that last.
 */
function accept(next: EventsPicture, candidates: readonly FleetEvent[] = next.all, more = false) {
  picture = next;
  // Once the core no longer lists an event, our optimistic hiding of it has done its job.
  if (hidden.size && !more) {
    const listed = new Set(next.all.map((e) => e.Id));
    hidden = new Set([...hidden].filter((id) => listed.has(id)));
  }
  if (seen === null) {
    seen = new Set(next.all.map((e) => e.Id));
  } else {
    const feedIds = feedSet(next.feedIds);
    for (const e of candidates) {
      if (seen.has(e.Id)) continue;
      seen.add(e.Id);
      if (feedIds.has(e.Id)) untold.push(e);
    }
  }
  if (more) return;
  if (untold.length) ring(untold);
  untold = [];
  forgetOldest(next);
  rebuild();
}

/** Sets keep their insertion order: the first ids are the oldest had. */
function forgetOldest(p: EventsPicture) {
  if (!seen || seen.size <= SEEN_MAX) return;
  const kept = new Set<number>([...p.all.map((e) => e.Id), ...p.pendingAckIds, ...hidden]);
  let excess = seen.size - SEEN_MAX / 2;
  for (const id of seen) {
    if (excess <= 0) break;
    if (kept.has(id)) continue;
    seen.delete(id);
    excess--;
  }
}

/**
 * New feed events are told in a task of their own: the alert plan of a catch-up after an
 * outage (thousands of events) is not added to the task that applied it. Another session's
 * events by then are not told.
 */
function ring(fresh: FleetEvent[]) {
  const gen = generation;
  setTimeout(() => {
    if (gen === generation) for (const l of newListeners) l(fresh);
  }, 0);
}

function onChanged(d: EventsChanged) {
  if (listing) return;
  const next = picture && applyDelta(picture, d);
  if (next) accept(next, d.upserted, d.more === true);
  // Not loaded yet (a failed load), or a push was missed: the whole list again.
  else void load().catch(() => {});
}

async function load() {
  if (listing) return;
  listing = true;
  const gen = generation;
  // 'all' carries every event; the feed is the part of it whose ids are in feedIds.
  const list = rpc('events/list', { scope: 'all' }).then(
    (l) => {
      if (gen !== generation) return;
      listing = false;
      accept(pictureOf(l));
    },
    (e: unknown) => {
      if (gen === generation) listing = false;
      throw e;
    },
  );
  const outbox = rpc('outbox/list', {}).then((o) => {
    if (gen !== generation) return;
    onOutbox(o);
  });
  await Promise.all([list, outbox]);
}

function onOutbox(s: OutboxState) {
  pendingFromOutbox = s.pending;
  reasonFromOutbox = pendingReason(s.entries);
  rebuild();
}

function start() {
  return feedEvents({ load: () => void load().catch(() => {}), changed: onChanged, outbox: onOutbox });
}

export const eventsStore = {
  get: () => view,
  subscribe(l: Listener) {
    const off = store.subscribe(l);
    if (started++ === 0) stop = start();
    return () => {
      off();
      if (--started === 0) {
        stop?.();
        stop = null;
      }
    };
  },
  /** Another session: its events are not this one's, and its first load must not ring. */
  reset() {
    generation++;
    listing = false;
    picture = null;
    hidden = new Set();
    seen = null;
    untold = [];
    pendingFromOutbox = 0;
    reasonFromOutbox = null;
    view = EMPTY_VIEW;
    store.set(view);
    // Still shown (a window that outlives the session): the new session's list.
    if (started > 0) void load().catch(() => {});
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

/** Followed in a task after the push that changed it (decision 0068): a catch-up's events and the map's positions are not rendered in one task. */
export function useEvents(): EventsView {
  return useStoreInItsOwnTask(eventsStore);
}

export function eventsOf(v: EventsView, scope: EventScope): FleetEvent[] {
  return scope === 'feed' ? v.feed : v.all;
}
