import { describe, expect, it } from 'vitest';
import type { EventsChanged, EventsList } from '../../../common/methods/events';
import type { FleetEvent } from '../../../common/resources';
import { applyDelta, newestFirst, pictureOf, type EventsPicture } from '../../../renderer/src/events/events-merge';

const ev = (Id: number, Time: number, Text = `e${Id}`): FleetEvent => ({ Id, ObjectId: 1, Time, Type: 2, Text });

/** A small deterministic PRNG, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const listOf = (events: Map<number, FleetEvent>, feedIds: number[], seq: number): EventsList => ({
  scope: 'all',
  events: [...events.values()].sort(newestFirst),
  feedIds,
  seq,
  fetchedAt: seq,
  pendingAckIds: [],
  ackErrors: [],
});

describe('events store: applying events/changed deltas', () => {
  it('a sequence of deltas gives the list a full load gives', () => {
    const rand = rng(7);
    let nextId = 1;
    // Times repeat on purpose: equal times are ordered by id.
    const make = () => ev(nextId++, Math.floor(rand() * 50));
    let state = new Map<number, FleetEvent>();
    for (let i = 0; i < 40; i++) {
      const e = make();
      state.set(e.Id, e);
    }
    let feedIds = [...state.keys()].filter((id) => id % 3 !== 0);
    let seq = 100;
    let picture: EventsPicture | null = pictureOf(listOf(state, feedIds, seq));
    for (let step = 0; step < 200; step++) {
      const next = new Map(state);
      const upserted: FleetEvent[] = [];
      const removed: number[] = [];
      const n = Math.floor(rand() * 6);
      for (let k = 0; k < n; k++) {
        const r = rand();
        const existing = [...next.keys()];
        if (r < 0.4 || existing.length === 0) {
          const e = make();
          next.set(e.Id, e);
          upserted.push(e);
        } else if (r < 0.7) {
          const id = existing[Math.floor(rand() * existing.length)]!;
          next.delete(id);
          removed.push(id);
        } else {
          const id = existing[Math.floor(rand() * existing.length)]!;
          // Changed content, and sometimes a different time (a new place in the order).
          const e = ev(id, rand() < 0.5 ? next.get(id)!.Time : Math.floor(rand() * 50), `edited ${step}`);
          next.set(id, e);
          upserted.push(e);
        }
      }
      // Deltas are net changes: an id is either put or removed.
      const finalUps = [...new Map(upserted.filter((e) => next.has(e.Id)).map((e) => [e.Id, next.get(e.Id)!])).values()];
      const finalRemoved = [...new Set(removed)].filter((id) => !next.has(id) && state.has(id));
      const feedChanged = rand() < 0.3;
      if (feedChanged) feedIds = [...next.keys()].filter(() => rand() < 0.7);
      const d: EventsChanged = {
        seq: seq + 1,
        base: seq,
        upserted: finalUps,
        removed: finalRemoved,
        ...(feedChanged ? { feedIds } : {}),
        fetchedAt: seq + 1,
        pendingAckIds: [],
        ackErrors: [],
      };
      seq++;
      state = next;
      picture = picture && applyDelta(picture, d);
      expect(picture).not.toBeNull();
      expect(picture).toEqual(pictureOf(listOf(state, feedIds, seq)));
    }
  });

  it('asks for a reload when a delta does not follow (missed push, another connection)', () => {
    const p = pictureOf(listOf(new Map([[1, ev(1, 10)]]), [1], 5));
    const d: EventsChanged = { seq: 7, base: 6, upserted: [ev(2, 20)], removed: [], fetchedAt: 7, pendingAckIds: [], ackErrors: [] };
    expect(applyDelta(p, d)).toBeNull();
    // The one that follows applies; without feedIds the feed stays as it was.
    const ok = applyDelta(p, { ...d, seq: 6, base: 5 });
    expect(ok).toEqual({ seq: 6, all: [ev(2, 20), ev(1, 10)], feedIds: [1], fetchedAt: 7, pendingAckIds: [], ackErrors: [] });
  });

  it('changes nothing it was not told to', () => {
    const p = pictureOf(listOf(new Map([[1, ev(1, 10)], [2, ev(2, 20)]]), [1, 2], 1));
    const q = applyDelta(p, { seq: 2, base: 1, upserted: [], removed: [], fetchedAt: 9, pendingAckIds: [2], ackErrors: [] })!;
    expect(q.all).toBe(p.all);
    expect(q.pendingAckIds).toEqual([2]);
  });
});
