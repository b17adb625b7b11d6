/**
 * Track columns the history writer's worker lends to each window's parse and takes back
 * once the window is stored, so a cold month fills the same few buffers again instead of
 * a fresh set per window. On this machine (a VM) the first write to fresh memory costs
 * about 3 ns a byte in page faults, ten times the write itself: a month's 120 MB of
 * fresh columns was about 0.35 s of the writer's thread, and their churn more of its
 * full collections (external memory counts towards them).
 */
import type { TrackColumns } from '../../../common/track';
import { emptyTrackColumns } from '../cache/track';

/** Kept idle at most: a load has two windows in flight. */
const KEEP = 2;

export class ColumnPool {
  private readonly idle: TrackColumns[] = [];

  /** Columns for at least `n` points: idle ones if any is large enough, else fresh. */
  readonly take = (n: number): TrackColumns => {
    const i = this.idle.findIndex((c) => c.time.length >= n);
    // A quarter more when fresh: a load's windows differ in size by a few percent, and a set
    // only just large enough for one would be too small for the next.
    return i >= 0 ? this.idle.splice(i, 1)[0]! : emptyTrackColumns(Math.ceil(n * 1.25));
  };

  /**
   * Takes back the columns `view` lies on, once nothing else holds them. Only whole
   * buffers of one capacity are kept (a set `take` could have made); any other view is
   * left to the GC.
   */
  giveBack(view: TrackColumns): void {
    const n = view.time.buffer.byteLength / 8;
    const whole = emptyTrackColumns(0);
    for (const k of Object.keys(whole) as (keyof TrackColumns)[]) {
      const c = view[k];
      if (c.byteOffset !== 0 || !(c.buffer instanceof ArrayBuffer) || c.buffer.byteLength !== n * c.BYTES_PER_ELEMENT) return;
      whole[k] = new (c.constructor as new (b: ArrayBuffer) => never)(c.buffer);
    }
    this.idle.push(whole);
    // The largest stay: a window's size is steady within a load.
    this.idle.sort((a, b) => b.time.length - a.time.length);
    this.idle.length = Math.min(this.idle.length, KEEP);
  }

  get idleCount(): number {
    return this.idle.length;
  }
}
