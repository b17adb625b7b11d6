import { describe, expect, it } from 'vitest';
import { emptyTrackColumns } from '../../main/core/cache';
import { packTrack, unpackTrack } from '../../common/track-wire';

describe('track on the wire', () => {
  it('packs coordinates into integers of 1e-7 degree and gives back exactly the cache\'s doubles', () => {
    // What the cache hands out: each coordinate an integer of 1e-7 degree divided by 1e7.
    const e7 = [0, 1, -1, 557_558_123, -376_173_456, 900_000_000, -900_000_000, 1_800_000_000, -1_800_000_000, 123_456_789];
    const t = emptyTrackColumns(e7.length);
    e7.forEach((v, i) => {
      t.time[i] = 1_700_000_000_000 + i * 1000;
      t.lat[i] = (v % 900_000_001) / 1e7;
      t.lng[i] = v / 1e7;
      t.speed[i] = i === 3 ? NaN : i * 1.5;
      t.sat[i] = i;
    });
    const w = packTrack(t);
    expect(w.latE7).toBeInstanceOf(Int32Array);
    expect(Array.from(w.lngE7)).toEqual(e7);
    expect('lat' in w).toBe(false);
    const back = unpackTrack(w);
    expect(back).toEqual(t);
    for (let i = 0; i < e7.length; i++) expect(Object.is(back.lng[i], t.lng[i])).toBe(true);
    expect(back.speed[3]).toBeNaN();
  });

  it('a million random cache coordinates survive the trip bit for bit', () => {
    const n = 1_000_000;
    const t = emptyTrackColumns(n);
    let seed = 7;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32) * 2 - 1;
    for (let i = 0; i < n; i++) {
      t.lat[i] = Math.round(rnd() * 900_000_000) / 1e7;
      t.lng[i] = Math.round(rnd() * 1_800_000_000) / 1e7;
    }
    const back = unpackTrack(packTrack(t));
    let differ = 0;
    for (let i = 0; i < n; i++) if (back.lat[i] !== t.lat[i] || back.lng[i] !== t.lng[i]) differ++;
    expect(differ).toBe(0);
  });
});
