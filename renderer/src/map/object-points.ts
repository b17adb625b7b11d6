/**
 * The objects one frame of the live map draws, gathered once: by colour, each with its place
 * on the canvas and its device pixel. A dense frame is drawn in two parts from the same
 * gathering (object-split.ts), so both parts agree on the order and on which object of a
 * device pixel is drawn.
 */
import { Ignition } from '../../../common/position-columns';
import type { FleetStore } from '../stores/fleet-store';
import { STATE_COLOR, objectState } from '../stores/object-state';
import { pixelKey } from './sprites';

export interface GatheredPoints {
  /** Per colour, in drawing order: slot, x, y (CSS pixels of the canvas), three numbers each. */
  byColor: Map<string, number[]>;
  /** Each object's device pixel, by its place in drawing order, rounded once. */
  devX: number[];
  devY: number[];
  /** The last object (place in drawing order) at each device pixel: only it is drawn there. */
  lastAt: Map<number, number>;
}

export interface GatherFrame {
  world: number;
  origin: { x: number; y: number };
  w: number;
  h: number;
}

/** The shown objects within `radius` of the frame, optionally only the given slots. */
export function gatherPoints(store: FleetStore, shown: (slot: number) => boolean, f: GatherFrame, radius: number, dpr: number, only: number[] | null): GatheredPoints {
  const { world, origin, w, h } = f;
  const p = store.positions;
  const byColor = new Map<string, number[]>();
  const n = only ? only.length : p.count;
  for (let j = 0; j < n; j++) {
    const i = only ? only[j]! : j;
    if (!shown(i)) continue;
    const x = p.mx[i]! * world - origin.x;
    const y = p.my[i]! * world - origin.y;
    if (x < -radius || y < -radius || x > w + radius || y > h + radius) continue;
    const color = STATE_COLOR[objectState(p.status[i], p.time[i]!, p.online[i] === 1, p.speed[i]!, p.ignition[i] === Ignition.on)];
    let list = byColor.get(color);
    if (!list) byColor.set(color, (list = []));
    list.push(i, x, y);
  }
  // Of objects on the same device pixel (a depot, a car park) only the last is drawn: it
  // covers the others' dots, and each hidden one would still cost a drawImage.
  const devX: number[] = [];
  const devY: number[] = [];
  const lastAt = new Map<number, number>();
  for (const list of byColor.values()) {
    for (let k = 0; k < list.length; k += 3) {
      const px = Math.round(list[k + 1]! * dpr);
      const py = Math.round(list[k + 2]! * dpr);
      lastAt.set(pixelKey(px, py), devX.length);
      devX.push(px);
      devY.push(py);
    }
  }
  return { byColor, devX, devY, lastAt };
}
