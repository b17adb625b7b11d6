/**
 * Sketches of cached tracks (sketch.ts) remembered by interval. A month's sketch costs
 * 50–230 ms on this machine while the page starts up beside it, and the first draw from
 * the cache waits for it; reopening an interval (the one just loaded, one looked at
 * before) is the common case. Each entry carries the stamp of the coarse copies it was
 * made from (TrackRepo.overviewStamp): an interval written since is sketched again.
 * Kept for the process only, a few entries: a sketch is a few thousand points.
 */
import type { TrackSketch } from './sketch';

export const SKETCH_MEMO_ENTRIES = 8;

export class SketchMemo {
  private readonly entries = new Map<string, { stamp: string; sketch: TrackSketch }>();

  constructor(private readonly size = SKETCH_MEMO_ENTRIES) {}

  /**
   * A copy of the sketch kept for `key`, if it was made from copies stamped `stamp`. A
   * copy: whoever sends it on may transfer (detach) its buffers.
   */
  get(key: string, stamp: string): TrackSketch | null {
    const hit = this.entries.get(key);
    if (!hit || hit.stamp !== stamp) return null;
    // Most recently used last: the first entry is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return structuredClone(hit.sketch);
  }

  /** Keeps a copy of `sketch`, made from copies stamped `stamp`. */
  set(key: string, stamp: string, sketch: TrackSketch): void {
    this.entries.delete(key);
    this.entries.set(key, { stamp, sketch: structuredClone(sketch) });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}
