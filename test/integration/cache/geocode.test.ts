import { describe, expect, it } from 'vitest';
import { geocodeKey } from '../../../main/core/cache';
import { useTempCaches } from './helpers';

const t = useTempCaches();

describe('geocode cache', () => {
  it('rounds coordinates to 4 decimals', () => {
    expect(geocodeKey(55.75581, 37.61729)).toEqual([557558, 376173]);
    const c = t.open({ dataDir: t.tempDir() });
    c.geocode.put(55.75581, 37.61729, { Address: 'Red Square 1', Street: 'Red Square', Error: null });
    expect(c.geocode.get(55.75584, 37.61731)).toEqual({ Address: 'Red Square 1', Street: 'Red Square', Error: null });
    expect(c.geocode.get(55.7559, 37.6173)).toBeUndefined(); // next cell
  });

  it('keeps an Error result only for its short TTL, a good one for long', () => {
    let now = 1_000_000;
    const c = t.open({ dataDir: t.tempDir(), now: () => now });
    c.geocode.put(1, 1, { Address: null, Street: null, Error: 'not resolved' });
    c.geocode.put(2, 2, { Address: 'A', Street: 'S', Error: null });
    now += 9 * 60_000;
    expect(c.geocode.get(1, 1)?.Error).toBe('not resolved');
    now += 60_000; // 10 minutes
    expect(c.geocode.get(1, 1)).toBeUndefined();
    now += 30 * 24 * 3_600_000;
    expect(c.geocode.get(2, 2)?.Address).toBe('A');
    expect(c.geocode.prune()).toBe(1);
    expect(c.geocode.getMany([{ lat: 2, lng: 2 }, { lat: 3, lng: 3 }]).map((r) => r?.Address)).toEqual(['A', undefined]);
  });

  it('stores batches in order', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.geocode.putMany(
      [
        { lat: 1, lng: 1 },
        { lat: 2, lng: 2 },
      ],
      [
        { Address: 'one', Error: null },
        { Address: 'two', Error: null },
      ],
    );
    expect(c.geocode.get(2, 2)?.Address).toBe('two');
  });
});
