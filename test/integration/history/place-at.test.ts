import { afterEach, describe, expect, it } from 'vitest';
import { methods } from '../../../common/contract';
import { PLACE_SPAN_MS } from '../../../common/place-at';
import { unpackTrack } from '../../../common/track-wire';
import { startHistoryHarness, DAY, OBJECT, type HistoryHarness } from './harness';

let h: HistoryHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('history/placeAt: where an event happened', () => {
  it('fetches the quarter hour either side once, then answers from the cache, offline too', async () => {
    h = await startHistoryHarness();
    // Noon three days ago, local to nothing: any closed moment will do.
    const at = Math.floor(Date.now() / DAY) * DAY - 3 * DAY + DAY / 2 + 7_000;
    const first = await h.loader.placeAt(OBJECT, at);
    expect(first.complete).toBe(true);
    expect(first.place).not.toBeNull();
    const p = first.place!;
    expect(Math.abs(p.time - at)).toBeLessThanOrEqual(PLACE_SPAN_MS);
    expect(h.sent.map((s) => [s.from, s.till])).toEqual([[at - PLACE_SPAN_MS, at + PLACE_SPAN_MS]]);

    // The answer is a fix of the stored track at that time, or a stop spanning the moment.
    const read = await h.loader.read(OBJECT, at - PLACE_SPAN_MS, at + PLACE_SPAN_MS);
    const t = unpackTrack(read.track);
    if (p.from === 'fix') {
      const i = t.time.indexOf(p.time);
      expect(i).toBeGreaterThanOrEqual(0);
      expect([t.lat[i], t.lng[i]]).toEqual([p.lat, p.lng]);
      // No other fix is nearer in time.
      for (const x of t.time) expect(Math.abs(x - at)).toBeGreaterThanOrEqual(Math.abs(p.time - at));
    } else {
      expect(read.parkings.some((s) => s.from <= at && at < s.till && s.lat === p.lat && s.lng === p.lng)).toBe(true);
    }

    await h.sim.stopListening();
    const again = await h.loader.placeAt(OBJECT, at);
    expect(again).toEqual(first);
    expect(h.sent).toHaveLength(1);
  });

  it('offline, a moment never loaded has no place and says the span is incomplete, within the wait', async () => {
    h = await startHistoryHarness();
    await h.sim.stopListening();
    const at = Math.floor(Date.now() / DAY) * DAY - 5 * DAY;
    const started = Date.now();
    const r = await h.loader.placeAt(OBJECT, at, 3_000);
    expect(r).toEqual({ place: null, complete: false });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('known offline, answers from the cache at once and sends nothing', async () => {
    let offline = false;
    h = await startHistoryHarness({ loader: { isOffline: () => offline } });
    const at = Math.floor(Date.now() / DAY) * DAY - 4 * DAY + DAY / 2;
    const online = await h.loader.placeAt(OBJECT, at);
    expect(online.place).not.toBeNull();
    const sent = h.sent.length;
    offline = true;
    expect(await h.loader.placeAt(OBJECT, at)).toEqual(online);
    const never = await h.loader.placeAt(OBJECT, at - 2 * DAY);
    expect(never).toEqual({ place: null, complete: false });
    expect(h.sent).toHaveLength(sent);
  });

  it('refuses a moment that is not a time', async () => {
    const schema = methods['history/placeAt'].args;
    expect(schema.safeParse({ objectId: OBJECT, time: Number.NaN }).success).toBe(false);
    expect(schema.safeParse({ objectId: 1.5, time: 0 }).success).toBe(false);
    expect(schema.safeParse({ objectId: OBJECT, time: 1 }).success).toBe(true);
  });
});
