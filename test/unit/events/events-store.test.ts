import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventsChanged, EventsList } from '../../../common/methods/events';
import type { OutboxItem } from '../../../common/methods/outbox';
import type { FleetEvent } from '../../../common/resources';

/** The core, as far as the events store sees it: replies to events/list and pushes. */
const core = vi.hoisted(() => ({
  list: null as EventsList | null,
  /** Replies held back until release() (to push while a load is out). */
  hold: false,
  held: [] as (() => void)[],
  calls: [] as string[],
  pushes: new Map<string, (p: unknown) => void>(),
}));

vi.mock('../../../renderer/src/rpc/client', () => ({
  RpcError: class extends Error {},
  rpc: (name: string) => {
    core.calls.push(name);
    const reply = name === 'outbox/list' ? { pending: 0, failed: 0, entries: [] } : structuredClone(core.list);
    if (!core.hold) return Promise.resolve(reply);
    return new Promise((resolve) => core.held.push(() => resolve(reply)));
  },
  onPush: (name: string, cb: (p: unknown) => void) => {
    core.pushes.set(name, cb);
    return () => core.pushes.delete(name);
  },
  onLink: () => () => {},
}));

/** The part of the store this test drives (typed here: importing its types would pull the DOM transport into the node typecheck). */
interface Store {
  get(): { loaded: boolean; all: FleetEvent[]; feed: FleetEvent[]; pendingAcks: number; pendingReason?: string | null };
  subscribe(l: () => void): () => void;
  reset(): void;
  onNew(l: (events: FleetEvent[]) => void): () => void;
}
const STORE = '../../../renderer/src/events/events-store';
const { eventsStore, SEEN_MAX } = (await import(/* @vite-ignore */ STORE)) as { eventsStore: Store; SEEN_MAX: number };

const ev = (Id: number, Time: number): FleetEvent => ({ Id, ObjectId: 1, Time, Type: 2, Text: `e${Id}` });
const flush = () => new Promise((r) => setTimeout(r, 0));
const push = (d: EventsChanged) => core.pushes.get('events/changed')!(d);
const delta = (base: number, upserted: FleetEvent[], removed: number[], feedIds?: number[]): EventsChanged => ({
  seq: base + 1,
  base,
  upserted,
  removed,
  ...(feedIds ? { feedIds } : {}),
  fetchedAt: base + 1,
  pendingAckIds: [],
  ackErrors: [],
});
const listed = (events: FleetEvent[], feedIds: number[], seq: number): EventsList => ({
  scope: 'all',
  events,
  feedIds,
  seq,
  fetchedAt: seq,
  pendingAckIds: [],
  ackErrors: [],
});

describe('events store', () => {
  let off: () => void = () => {};
  beforeEach(() => {
    off();
    eventsStore.reset();
    core.calls = [];
    core.hold = false;
    core.held = [];
  });

  it('loads with one events/list, applies deltas, rings only for feed events not seen before, reloads on a gap', async () => {
    core.list = listed([ev(3, 30), ev(2, 20), ev(1, 10)], [1, 3], 10);
    const rang: number[][] = [];
    const offNew = eventsStore.onNew((es) => rang.push(es.map((e) => e.Id)));
    off = eventsStore.subscribe(() => {});
    await flush();
    expect(core.calls.filter((c) => c === 'events/list')).toHaveLength(1);
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([3, 2, 1]);
    expect(eventsStore.get().feed.map((e) => e.Id)).toEqual([3, 1]);
    // The first load never rings.
    expect(rang).toEqual([]);

    // A new feed event and a new muted one (not in the feed); one removed.
    push(delta(10, [ev(5, 50), ev(4, 40)], [2], [1, 3, 5]));
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([5, 4, 3, 1]);
    expect(eventsStore.get().feed.map((e) => e.Id)).toEqual([5, 3, 1]);
    // The ring follows in a task of its own, not in the one that applied the delta.
    expect(rang).toEqual([]);
    await flush();
    expect(rang).toEqual([[5]]);
    // A changed event keeps its place by time; no ring for it.
    push(delta(11, [{ ...ev(3, 30), Text: 'edited' }], []));
    expect(eventsStore.get().all.map((e) => e.Text)).toEqual(['e5', 'e4', 'edited', 'e1']);
    await flush();
    expect(rang).toEqual([[5]]);

    // A missed push: the next one does not follow, so the whole list again.
    core.list = listed([ev(7, 70), ev(5, 50), ev(4, 40), ev(1, 10)], [7, 5, 1], 20);
    push(delta(19, [ev(7, 70)], [3]));
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([5, 4, 3, 1]);
    await flush();
    expect(core.calls.filter((c) => c === 'events/list')).toHaveLength(2);
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([7, 5, 4, 1]);
    await flush();
    expect(rang).toEqual([[5], [7]]);
    push(delta(20, [], [7]));
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([5, 4, 1]);
    offNew();
  });

  it('does not ring a new event once another session has begun', async () => {
    core.list = listed([ev(1, 10)], [1, 2], 30);
    const rang: number[][] = [];
    const offNew = eventsStore.onNew((es) => rang.push(es.map((e) => e.Id)));
    off = eventsStore.subscribe(() => {});
    await flush();
    push(delta(30, [ev(2, 20)], []));
    expect(eventsStore.get().feed.map((e) => e.Id)).toEqual([2, 1]);
    eventsStore.reset();
    await flush();
    expect(rang).toEqual([]);
    offNew();
  });

  it('ignores deltas while its load is out (the reply is at least as new)', async () => {
    core.list = listed([ev(2, 20), ev(1, 10)], [1, 2], 4);
    core.hold = true;
    off = eventsStore.subscribe(() => {});
    push(delta(3, [ev(2, 20)], []));
    expect(eventsStore.get().loaded).toBe(false);
    for (const r of core.held) r();
    await flush();
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([2, 1]);
    expect(core.calls.filter((c) => c === 'events/list')).toHaveLength(1);
    push(delta(4, [ev(3, 30)], [1]));
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([3, 2]);
  });

  it('says why acknowledgements still wait: the last failure of a queued one, gone once delivered', async () => {
    core.list = listed([ev(1, 10)], [1], 1);
    off = eventsStore.subscribe(() => {});
    await flush();
    const item = (over: Partial<OutboxItem>): OutboxItem => ({ id: 1, kind: 'events/ack', state: 'pending', summary: 'Acknowledge 1 event', eventIds: [9], attempts: 0, lastError: null, createdAt: 1, updatedAt: 1, ...over });
    const outbox = (entries: OutboxItem[]) => core.pushes.get('outbox/changed')!({ entries, pending: entries.filter((e) => e.state === 'pending').length, failed: 0 });

    outbox([item({})]);
    expect(eventsStore.get()).toMatchObject({ pendingAcks: 1, pendingReason: null });
    outbox([item({ attempts: 1, lastError: 'the service answered 500 (Simulated fault)', updatedAt: 5 })]);
    expect(eventsStore.get()).toMatchObject({ pendingAcks: 1, pendingReason: 'the service answered 500 (Simulated fault); retrying' });
    // The newest failure speaks; a refused (parked) entry is AckErrors' business, not this line's.
    outbox([
      item({ attempts: 2, lastError: 'the service answered 500 (Simulated fault)', updatedAt: 5 }),
      item({ id: 2, attempts: 1, lastError: 'connection refused', updatedAt: 9 }),
      item({ id: 3, state: 'failed', lastError: 'the service answered 403 (Not allowed)', updatedAt: 12 }),
    ]);
    expect(eventsStore.get().pendingReason).toBe('connection refused; retrying');
    outbox([]);
    expect(eventsStore.get()).toMatchObject({ pendingAcks: 0, pendingReason: null });
  });
  it('takes a change in slices as one: shown and told at its last slice, every slice’s feed events in one ring', async () => {
    core.list = listed([ev(2, 20), ev(1, 10)], [1, 2], 10);
    const rang: number[][] = [];
    const offNew = eventsStore.onNew((es) => rang.push(es.map((e) => e.Id)));
    off = eventsStore.subscribe(() => {});
    await flush();
    // A catch-up in three slices: the first drops what went and names the new feed (6 is muted).
    push({ ...delta(10, [ev(9, 90), ev(8, 80)], [1, 2], [9, 8, 7, 5]), more: true });
    push({ ...delta(11, [ev(7, 70), ev(6, 60)], []), more: true });
    await flush();
    // Nothing of it shown or told while its slices come.
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([2, 1]);
    expect(rang).toEqual([]);
    push(delta(12, [ev(5, 50)], []));
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([9, 8, 7, 6, 5]);
    expect(eventsStore.get().feed.map((e) => e.Id)).toEqual([9, 8, 7, 5]);
    await flush();
    expect(rang).toEqual([[9, 8, 7, 5]]);
    // A gap inside a change: the whole list again, and what its slices brought is told once.
    core.list = listed([ev(12, 120), ev(11, 110), ev(9, 90)], [12, 11, 9], 20);
    push({ ...delta(13, [ev(11, 110)], [8, 7, 6, 5], [11, 9]), more: true });
    push(delta(19, [ev(12, 120)], []));
    await flush();
    await flush();
    expect(eventsStore.get().all.map((e) => e.Id)).toEqual([12, 11, 9]);
    expect(rang).toEqual([[9, 8, 7, 5], [11, 12]]);
    offNew();
  });
  it('forgets the oldest events it has had once past SEEN_MAX, never one still listed or waiting for its acknowledgement', async () => {
    core.list = { ...listed([ev(1, 10), ev(2, 20)], [1, 2], 10), pendingAckIds: [] };
    const rang: number[] = [];
    const offNew = eventsStore.onNew((es) => rang.push(...es.map((e) => e.Id)));
    off = eventsStore.subscribe(() => {});
    await flush();
    // A long shift: batches of new feed events, each batch acknowledged before the next comes.
    const BATCH = SEEN_MAX / 5;
    let seq = 10;
    let previous: number[] = [];
    for (let b = 0; b < 5; b++) {
      const batch = Array.from({ length: BATCH }, (_, i) => ev(1000 + b * BATCH + i, 1000 + b * BATCH + i));
      const ids = batch.map((e) => e.Id);
      // Event 2's acknowledgement is queued from the first batch on: the core lists it no more.
      push({ ...delta(seq++, batch, b === 0 ? [2] : previous, [1, ...ids]), pendingAckIds: [2] });
      previous = ids;
    }
    await flush();
    expect(rang).toHaveLength(SEEN_MAX);
    expect(eventsStore.get().all).toHaveLength(BATCH + 1);
    rang.length = 0;
    // Back in the list: one from the first batch (forgotten), one from the fourth (still known),
    // event 1 (listed all along) and event 2 (its acknowledgement refused).
    const back = [ev(1000, 5), ev(1000 + 3 * BATCH, 6), { ...ev(1, 10), Text: 'edited' }, { ...ev(2, 20), Text: 'edited' }];
    push(delta(seq++, back, [], [1, 2, 1000, 1000 + 3 * BATCH, ...previous]));
    await flush();
    expect(rang).toEqual([1000]);
    offNew();
  });
});
