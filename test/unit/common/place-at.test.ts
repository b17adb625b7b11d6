import { describe, expect, it } from 'vitest';
import { PLACE_SPAN_MS, placeAt } from '../../../common/place-at';

const MIN = 60_000;
const track = (times: number[]) => ({
  time: Float64Array.from(times),
  lat: Float64Array.from(times.map((_, i) => 50 + i)),
  lng: Float64Array.from(times.map((_, i) => 10 + i)),
});

describe('placeAt: where an object was at a moment', () => {
  const t = track([0, 10 * MIN, 20 * MIN, 21 * MIN]);

  it('takes the fix nearest in time, the earlier one on a tie', () => {
    expect(placeAt(t, [], 12 * MIN)).toEqual({ lat: 51, lng: 11, time: 10 * MIN, from: 'fix' });
    expect(placeAt(t, [], 18 * MIN)).toEqual({ lat: 52, lng: 12, time: 20 * MIN, from: 'fix' });
    expect(placeAt(t, [], 15 * MIN)).toEqual({ lat: 51, lng: 11, time: 10 * MIN, from: 'fix' });
    expect(placeAt(t, [], 20 * MIN)!.time).toBe(20 * MIN);
  });

  it('takes fixes before the first and after the last within the span, and nothing beyond it', () => {
    expect(placeAt(t, [], -5 * MIN)!.time).toBe(0);
    expect(placeAt(t, [], 21 * MIN + PLACE_SPAN_MS)!.time).toBe(21 * MIN);
    expect(placeAt(t, [], 21 * MIN + PLACE_SPAN_MS + 1)).toBeNull();
    expect(placeAt(t, [], -PLACE_SPAN_MS - 1)).toBeNull();
    expect(placeAt(track([]), [], 0)).toBeNull();
  });

  it('a stop that spans the moment wins over a nearer fix', () => {
    const stops = [{ from: 11 * MIN, till: 19 * MIN, lat: 1, lng: 2 }];
    expect(placeAt(t, stops, 11 * MIN)).toEqual({ lat: 1, lng: 2, time: 11 * MIN, from: 'stop' });
    // The stop's end is not in it: the moment is after it.
    expect(placeAt(t, stops, 19 * MIN)!.from).toBe('fix');
    // A long stop with no fix within the span still places the moment.
    expect(placeAt(track([]), [{ from: 0, till: 600 * MIN, lat: 1, lng: 2 }], 300 * MIN)!.from).toBe('stop');
  });
});
