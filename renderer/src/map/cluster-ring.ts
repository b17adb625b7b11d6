/**
 * A cluster's states as a ring around its disc: each state's share of the cluster in whole
 * segments of RING_SEGMENTS, packed in one number. The worker packs it per cluster from the
 * counts supercluster reduces; the layer keys the cluster's pre-drawn sprite by it, so a
 * frame draws a ring as one bitmap copy whatever its states. Apart from the DOM and Leaflet,
 * so the worker and Node's tests use it.
 *
 * Why quantised: with exact shares nearly every cluster would be its own sprite, drawn anew
 * on each re-index. At 24 segments (15° each) a share is seen to within 4%, and a cluster's
 * look changes only when a share crosses a step.
 */
import type { ObjectState } from '../stores/object-state';

/** The states in a fixed order: a ring's code holds one count of segments per state, in this order. */
export const RING_STATES: readonly ObjectState[] = ['blocked', 'broken', 'moving', 'idle', 'parked', 'offline', 'never', 'service', 'inactive'];
export const RING_SEGMENTS = 24;
/** States an operator must not miss: never rounded away, and drawn wider (sprites.ts). */
export const ALARM_STATES: ReadonlySet<ObjectState> = new Set(['blocked', 'broken']);
const BITS = 32; // 5 bits a state: 0…24 segments.

const STATE_INDEX = new Map(RING_STATES.map((s, i) => [s, i]));

export function ringStateIndex(state: ObjectState): number {
  return STATE_INDEX.get(state)!;
}

/**
 * The segments of each state (by RING_STATES' order), summing to RING_SEGMENTS for a
 * non-empty cluster, packed: largest remainders, and every alarm state present at least one
 * segment (taken from the largest share), so one blocked vehicle among 900 shows.
 */
export function packRing(counts: Readonly<Record<number, number>>): number {
  const n = RING_STATES.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += counts[i] ?? 0;
  if (total <= 0) return 0;
  const seg = new Array<number>(n).fill(0);
  const rest: [number, number][] = [];
  let used = 0;
  for (let i = 0; i < n; i++) {
    const exact = ((counts[i] ?? 0) * RING_SEGMENTS) / total;
    seg[i] = Math.floor(exact);
    used += seg[i]!;
    rest.push([exact - seg[i]!, i]);
  }
  rest.sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; used < RING_SEGMENTS; k++, used++) seg[rest[k]![1]]!++;
  for (let i = 0; i < n; i++) {
    if (!ALARM_STATES.has(RING_STATES[i]!) || (counts[i] ?? 0) <= 0 || seg[i]! > 0) continue;
    let big = 0;
    for (let j = 1; j < n; j++) if (seg[j]! > seg[big]!) big = j;
    seg[big]!--;
    seg[i] = 1;
  }
  let code = 0;
  for (let i = n - 1; i >= 0; i--) code = code * BITS + seg[i]!;
  return code;
}

/** The segments of each state in a packed ring, by RING_STATES' order. */
export function unpackRing(code: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < RING_STATES.length; i++) {
    out.push(code % BITS);
    code = Math.floor(code / BITS);
  }
  return out;
}
