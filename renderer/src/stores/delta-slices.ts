/**
 * Position deltas applied in slices of rows, one slice per task, in the order they came.
 * Why: the catch-up after an outage (every object moved) and each poll at 100,000 objects
 * were applied in one task of 50–100 ms, a frame over 50 ms while the operator watched the
 * map. A slice updates the store as a whole delta does; a delta behind it waits its turn.
 */
import type { PositionColumns } from '../../../common/methods/live';

/** Rows applied in one task. */
export const SLICE_ROWS = 10_000;

/** Rows [from, to) of the columns, as views of the same memory. */
export function sliceColumns(c: PositionColumns, from: number, to: number): PositionColumns {
  const rows = <T extends { subarray(a: number, b: number): T }>(a: T) => a.subarray(from, to);
  return { ids: rows(c.ids), lat: rows(c.lat), lng: rows(c.lng), time: rows(c.time), speed: rows(c.speed), heading: rows(c.heading), online: rows(c.online), ignition: rows(c.ignition) };
}

/**
 * Returns the function that takes each delta: `apply` is called with one slice at a time,
 * the first at once, the rest each in a task of its own (`later`); `last` on a delta's last slice.
 */
export function deltaSlices<D extends PositionColumns>(
  apply: (slice: PositionColumns, delta: D, last: boolean) => void,
  o: { rows?: number; later?: (f: () => void) => void } = {},
): (delta: D) => void {
  const rows = o.rows ?? SLICE_ROWS;
  const later = o.later ?? ((f) => void setTimeout(f, 0));
  // The delta being applied stays first until its last slice: work is due while any waits.
  const waiting: { delta: D; at: number }[] = [];
  const step = () => {
    const head = waiting[0]!;
    const n = head.delta.ids.length;
    const to = Math.min(n, head.at + rows);
    apply(head.at === 0 && to === n ? head.delta : sliceColumns(head.delta, head.at, to), head.delta, to >= n);
    head.at = to;
    if (to >= n) waiting.shift();
    if (waiting.length) later(step);
  };
  return (delta) => {
    if (waiting.push({ delta, at: 0 }) === 1) step();
  };
}
