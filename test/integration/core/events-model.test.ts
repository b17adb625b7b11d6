import { describe, expect, it } from 'vitest';
import type { EventsChanged } from '../../../common/methods/events';
import type { FleetEvent } from '../../../common/resources';
import type { Cache } from '../../../main/core/cache';
import { UNPLACED_MAX, UnackedModel, diffVisible, newestFirst } from '../../../main/core/services/events-model';
import { EventsService, MAX_LISTED } from '../../../main/core/services/events';
import { storeAll, storeFeed } from '../../../main/core/sync/events-poll';
import { useTempCaches } from '../cache/helpers';

const t = useTempCaches();
const ev = (Id: number, Time: number, Text = `e${Id}`): FleetEvent => ({ Id, ObjectId: 1, Time, Type: 2, Text });

/**
 * One random change of a kind the model takes (a poll's new versions, some with the same
 * content, or its removals; acks queued, refused, delivered; a row read back) to `some` ids.
 */
function randomChange(m: UnackedModel, some: readonly number[], rnd: (n: number) => number, tag: string): void {
  switch (rnd(6)) {
    case 0:
      m.apply({ upserted: some.map((id) => (rnd(4) === 0 && m.shown(id) ? { ...m.shown(id)! } : ev(id, rnd(500), tag))), removed: [], feedIds: [] });
      break;
    case 1:
      m.apply({ upserted: [], removed: [...some], feedIds: [] });
      break;
    case 2:
      m.markPending(some);
      break;
    case 3:
      m.clearPending(some);
      break;
    case 4:
      m.acknowledged(some);
      break;
    default:
      for (const id of some) m.refresh(id, rnd(2) ? { event: ev(id, rnd(500), 'stored'), acknowledged: false, ackPending: rnd(3) === 0 } : undefined);
  }
}

function setup() {
  const cache = t.open({ dataDir: t.tempDir() });
  const pushes: EventsChanged[] = [];
  const svc = new EventsService(cache, (p) => pushes.push(p));
  // What the apps do: each list goes through the ingestor (here in-thread), then a publish.
  const poll = async (feed: FleetEvent[], all: FleetEvent[], during?: () => void) => {
    await svc.ingest(async () => storeFeed(cache, feed, Date.now()));
    svc.publish();
    await svc.ingest(async () => {
      const r = storeAll(cache, all, Date.now());
      // The worker has committed; its answer is still on its way to the main thread.
      during?.();
      return r;
    });
    svc.publish();
  };
  const fresh = (c: Cache) => new EventsService(c, () => {}).list('all');
  return { cache, svc, pushes, poll, fresh };
}

describe('EventsService: the in-memory model of unacknowledged events', () => {
  it('stores what a poll changed and pushes exactly that: the feed first, then what the full list changed', async () => {
    const { cache, svc, pushes, poll, fresh } = setup();
    await poll([ev(1, 10), ev(3, 30)], [ev(1, 10), ev(2, 20), ev(3, 30)]);
    // Nothing had listed: nothing to push against; the first list is the baseline.
    expect(pushes).toEqual([]);
    const l0 = svc.list('all');
    expect(l0.events.map((e) => e.Id)).toEqual([3, 2, 1]);
    expect(l0.feedIds).toEqual([1, 3]);
    expect(svc.list('feed').events.map((e) => e.Id)).toEqual([3, 1]);
    expect(pushes).toEqual([]);

    await poll([ev(1, 10), ev(3, 30)], [ev(1, 10), ev(2, 20), ev(3, 30)]);
    expect(pushes).toEqual([]);

    await poll([ev(1, 10), ev(4, 40)], [ev(1, 10), ev(2, 20, 'edited'), ev(4, 40)]);
    // 3 is gone from the feed, but only the full list says it was acknowledged.
    expect(pushes).toEqual([
      { seq: l0.seq + 1, base: l0.seq, upserted: [ev(4, 40)], removed: [], feedIds: [1, 4], fetchedAt: expect.any(Number), pendingAckIds: [], ackErrors: [] },
      { seq: l0.seq + 2, base: l0.seq + 1, upserted: [ev(2, 20, 'edited')], removed: [3], fetchedAt: expect.any(Number), pendingAckIds: [], ackErrors: [] },
    ]);
    expect(svc.list('all')).toEqual({ ...fresh(cache), seq: l0.seq + 2 });

    // An event the feed lists and the list read after it does not yet: kept until a list leaves it out again.
    pushes.length = 0;
    await poll([ev(1, 10), ev(4, 40), ev(6, 60)], [ev(1, 10), ev(2, 20, 'edited'), ev(4, 40)]);
    const said = () => pushes.map((p) => [p.upserted.map((e) => e.Id), p.removed, p.feedIds]);
    expect(said()).toEqual([[[6], [], [1, 4, 6]]]);
    await poll([ev(1, 10), ev(4, 40)], [ev(1, 10), ev(2, 20, 'edited'), ev(4, 40)]);
    expect(said()).toEqual([
      [[6], [], [1, 4, 6]],
      [[], [], [1, 4]],
      [[], [6], undefined],
    ]);
    expect(svc.list('all')).toEqual({ ...fresh(cache), seq: pushes.at(-1)!.seq });
  });

  it('counts the unacknowledged events and alarms as the table does, through polls and acks', async () => {
    const { cache, svc, poll } = setup();
    const ALARM = 4;
    const alarm = (Id: number, Time: number): FleetEvent => ({ ...ev(Id, Time), Type: ALARM });
    const same = () => expect(svc.counts(ALARM)).toEqual(cache.events.unacknowledgedCounts(ALARM));
    // Before anything listed, the model is not loaded: the table answers.
    expect(svc.counts(ALARM)).toBeNull();
    await poll([], [ev(1, 10), alarm(2, 20), alarm(3, 30), ev(4, 40)]);
    svc.list('all');
    same();
    expect(svc.counts(ALARM)).toEqual({ unacknowledged: 4, alarms: 2 });
    svc.ack([2, 4, 99]);
    same();
    expect(svc.counts(ALARM)).toEqual({ unacknowledged: 2, alarms: 1 });
    await poll([], [ev(1, 10), alarm(3, 30), alarm(5, 50)]);
    same();
    expect(svc.counts(ALARM)).toEqual({ unacknowledged: 3, alarms: 2 });
  });

  it('follows acks queued, refused, requeued and delivered, also while a poll is being stored', async () => {
    const { cache, svc, pushes, poll, fresh } = setup();
    const all = [ev(1, 10), ev(2, 20), ev(3, 30), ev(4, 40)];
    await poll([], all);
    const l0 = svc.list('all');
    const kind = svc.ackKind(async () => {});

    svc.ack([2, 99]);
    svc.publish();
    expect(pushes.at(-1)).toMatchObject({ base: l0.seq, upserted: [], removed: [2], pendingAckIds: [2, 99] });
    const entry = cache.outbox.pending(10)[0]!;

    // Refused: back, with the reason.
    cache.transaction(() => {
      cache.outbox.markFailed(entry.id, 'Not allowed', false);
      kind.refused({ ids: [2, 99] }, 'Not allowed');
    });
    svc.publish();
    expect(pushes.at(-1)).toMatchObject({
      upserted: [ev(2, 20)],
      removed: [],
      pendingAckIds: [],
      ackErrors: [
        { eventId: 2, entryId: entry.id, error: 'Not allowed' },
        { eventId: 99, entryId: entry.id, error: 'Not allowed' },
      ],
    });

    // Retried: hidden again. Delivered while a poll (that still lists it, and changed it) is stored.
    const failed = cache.outbox.failed(10)[0]!;
    cache.transaction(() => {
      cache.outbox.retry(failed.id);
      svc.requeued(failed);
    });
    svc.publish();
    expect(pushes.at(-1)).toMatchObject({ upserted: [], removed: [2] });
    await poll([], [ev(1, 10), ev(2, 20, 'edited'), ev(3, 30), ev(4, 40)], () => {
      cache.transaction(() => {
        cache.outbox.markDone(failed.id);
        kind.delivered({ ids: [2, 99] });
      });
    });
    expect(svc.list('all').events.map((e) => e.Id)).toEqual([4, 3, 1]);
    expect(svc.list('all')).toEqual({ ...fresh(cache), seq: pushes.at(-1)!.seq });

    // An event acknowledged here while a poll that still lists it is stored comes back as the file says.
    svc.ack([3]);
    await poll([], [ev(1, 10), ev(3, 30, 'edited'), ev(4, 40)], () => {
      cache.transaction(() => {
        const e = cache.outbox.pending(10)[0]!;
        cache.outbox.markDone(e.id);
        kind.delivered({ ids: [3] });
      });
    });
    expect(svc.list('all')).toEqual({ ...fresh(cache), seq: pushes.at(-1)!.seq });
    expect(cache.integrityCheck()).toBe('ok');
  });

  it("takes a whole stored picture (a fresh ingest worker's first answer): what the file no longer holds goes, pending flags as stored, only differences pushed", async () => {
    const { cache, svc, pushes, fresh } = setup();
    const all = [ev(1, 10), ev(2, 20), ev(3, 30), ev(4, 40)];
    await svc.ingest(async () => storeAll(cache, all, Date.now()));
    const l0 = svc.list('all');
    svc.ack([3, 4]);
    svc.publish();
    const acked = pushes.at(-1)!;

    // A poll stored by a worker that died before answering: 2 and 4 acknowledged elsewhere, 1 edited, 5 new.
    const unheard = [ev(1, 10, 'edited'), ev(3, 30), ev(5, 50)];
    storeAll(cache, unheard, Date.now());
    // Its successor stores the same lists again and answers as serveIngest's first answer does.
    await svc.ingest(async () => {
      const r = storeAll(cache, unheard, Date.now());
      const { events, pendingIds } = cache.events.unacknowledgedModel();
      expect(r).toMatchObject({ upserted: [], removed: [] });
      return { ...r, upserted: events, full: { pendingIds } };
    });
    svc.publish();
    expect(pushes.at(-1)).toMatchObject({ base: acked.seq, upserted: [ev(5, 50), ev(1, 10, 'edited')], removed: [2] });
    expect(svc.list('all')).toEqual({ ...fresh(cache), seq: pushes.at(-1)!.seq });
    expect(l0.events.map((e) => e.Id)).toEqual([4, 3, 2, 1]);
  });

  it('lists at most the newest N, and an older event enters when a newer one leaves', () => {
    const m = new UnackedModel({ events: [ev(1, 10), ev(2, 20), ev(3, 30), ev(4, 40)], pendingIds: [4], feedIds: [] });
    const v1 = m.visible(2);
    expect(v1.capped).toBe(true);
    expect([...v1.shown.keys()]).toEqual([3, 2]);
    m.acknowledged([3]);
    const v2 = m.visible(2);
    expect(v2.capped).toBe(false);
    expect(diffVisible(v1.shown, v2.shown)).toEqual({ upserted: [ev(1, 10)], removed: [3] });
  });

  it('keeps its newest-first order through any mix of changes, one by one or in bulk', () => {
    let seed = 11;
    const rnd = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    const ids = Array.from({ length: 6000 }, (_, i) => i + 1);
    // Times collide on purpose: the id breaks the tie.
    const m = new UnackedModel({ events: ids.slice(0, 2000).map((id) => ev(id, rnd(500))), pendingIds: [5, 6], feedIds: [] });
    const expected = (limit: number) =>
      ids
        .map((id) => m.shown(id))
        .filter((e): e is FleetEvent => e !== undefined)
        .sort(newestFirst)
        .slice(0, limit);
    for (let round = 0; round < 300; round++) {
      // Now and then a poll's worth (merged in one pass), or enough to rebuild the order.
      const some = Array.from({ length: round % 50 === 0 ? 2500 : round % 4 === 0 ? 33 + rnd(300) : 1 + rnd(5) }, () => ids[rnd(ids.length)]!);
      randomChange(m, some, rnd, `v${round}`);
      const limit = [50, 1000, 5000][round % 3]!;
      const v = m.visible(limit);
      const want = expected(limit);
      expect([...v.shown.values()]).toEqual(want);
      expect(v.capped).toBe(expected(Infinity).length > limit);
    }
    // More changes between two reads than it keeps a note of: the order is rebuilt.
    m.apply({ upserted: ids.map((id) => ev(id, rnd(500), 'all')), removed: [], feedIds: [] });
    m.clearPending(ids.slice(0, 10));
    expect([...m.visible(5000).shown.values()]).toEqual(expected(5000));
  });

  it('sorts every event again once more ids changed between two reads than it keeps a note of', () => {
    const m = new UnackedModel({ events: [ev(1, 5), ev(2, 7)], pendingIds: [], feedIds: [] });
    expect([...m.visible(10).shown.keys()]).toEqual([2, 1]);
    const many = Array.from({ length: UNPLACED_MAX + 10 }, (_, i) => ev(i + 3, (i * 7919) % 1000));
    m.apply({ upserted: many, removed: [1], feedIds: [] });
    const want = [ev(2, 7), ...many].sort(newestFirst).slice(0, 100);
    expect([...m.visible(100).shown.values()]).toEqual(want);
  });

  it("a poll's changes, and past the cap the band around the cut, give the same push as comparing every listed event", () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    const m = new UnackedModel({ events: ids.slice(0, 1500).map((id) => ev(id, rnd(500))), pendingIds: [3, 4], feedIds: [] });
    // The last limit is above every event: nothing is left out.
    for (const limit of [40, 700, 5000]) {
      m.drainDirty();
      let full = m.visible(limit).shown;
      const pushed = new Map(full);
      for (let round = 0; round < 200; round++) {
        const some = Array.from({ length: round % 40 === 0 ? 900 : 1 + rnd(6) }, () => ids[rnd(ids.length)]!);
        randomChange(m, some, rnd, `v${round}`);
        const dirty = m.drainDirty();
        const next = m.visible(limit);
        const want = diffVisible(full, next.shown);
        const got = m.changesSince(pushed, dirty, limit);
        expect({ upserted: got.upserted, removed: [...got.removed].sort((a, b) => a - b) }, `round ${round}, limit ${limit}`).toEqual({
          upserted: want.upserted,
          removed: [...want.removed].sort((a, b) => a - b),
        });
        expect(got.capped).toBe(next.capped);
        expect([...pushed.keys()].sort((a, b) => a - b)).toEqual([...next.shown.keys()].sort((a, b) => a - b));
        full = next.shown;
      }
    }
  });

  it('past 10,000 events the lists keep the newest, and the push says which one came in', async () => {
    const { cache, svc, pushes, poll, fresh } = setup();
    const all = Array.from({ length: MAX_LISTED + 2 }, (_, i) => ev(i + 1, 1000 + i));
    await poll([], all);
    const l0 = svc.list('all');
    expect(l0.events).toHaveLength(MAX_LISTED);
    expect(l0.events[0]!.Id).toBe(MAX_LISTED + 2);
    expect(l0.events.at(-1)!.Id).toBe(3);
    svc.ack([MAX_LISTED + 2]);
    svc.publish();
    expect(pushes.at(-1)).toMatchObject({ upserted: [ev(2, 1001)], removed: [MAX_LISTED + 2] });
    // Acknowledged elsewhere too, and two more gone: now everything fits.
    await poll([], all.slice(2, -1));
    expect(pushes.at(-1)).toMatchObject({ upserted: [], removed: [2] });
    expect(svc.list('all')).toEqual({ ...fresh(cache), seq: pushes.at(-1)!.seq });
    await poll([], all.slice(3, -1).concat([ev(MAX_LISTED + 5, 5)]));
    expect(pushes.at(-1)).toMatchObject({ upserted: [ev(MAX_LISTED + 5, 5)], removed: [3] });
    expect(svc.list('all')).toEqual({ ...fresh(cache), seq: pushes.at(-1)!.seq });
  });
});
