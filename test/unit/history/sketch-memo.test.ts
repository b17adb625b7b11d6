import { describe, expect, it } from 'vitest';
import { emptyTrackColumns } from '../../../main/core/cache';
import { SketchMemo } from '../../../main/core/history/sketch-memo';
import type { TrackSketch } from '../../../main/core/history/sketch';

const sketchOf = (n: number): TrackSketch => {
  const track = emptyTrackColumns(n);
  for (let i = 0; i < n; i++) track.time[i] = i * 1000;
  return { track, breaks: new Uint8Array(n) };
};

describe('sketch memo', () => {
  it('answers a key only with the stamp it was kept with, and always with a copy', () => {
    const memo = new SketchMemo(4);
    const s = sketchOf(10);
    expect(memo.get('k', 's1')).toBeNull();
    memo.set('k', 's1', s);
    // What the maker does with its own afterwards (a worker transfers it) changes nothing kept.
    s.track.time.fill(-1);
    const a = memo.get('k', 's1')!;
    expect(a.track.time[9]).toBe(9000);
    a.track.time.fill(-2);
    expect(memo.get('k', 's1')!.track.time[9]).toBe(9000);
    // Another stamp: the interval's hours changed since.
    expect(memo.get('k', 's2')).toBeNull();
    memo.set('k', 's2', sketchOf(3));
    expect(memo.get('k', 's2')!.track.time).toHaveLength(3);
    expect(memo.get('k', 's1')).toBeNull();
  });

  it('keeps the most recently used entries', () => {
    const memo = new SketchMemo(2);
    memo.set('a', 's', sketchOf(1));
    memo.set('b', 's', sketchOf(2));
    expect(memo.get('a', 's')).not.toBeNull(); // a is now the most recent
    memo.set('c', 's', sketchOf(3)); // b goes
    expect(memo.get('b', 's')).toBeNull();
    expect(memo.get('a', 's')).not.toBeNull();
    expect(memo.get('c', 's')).not.toBeNull();
  });
});
