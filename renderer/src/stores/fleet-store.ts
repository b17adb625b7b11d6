/**
 * The renderer's picture of the fleet: the object list plus last positions held in
 * typed arrays, one slot per object. Deltas update slots in place; the map layer
 * redraws from these arrays, and React reads a version number, never the arrays.
 */
import { Ignition } from '../../../common/position-columns';
import type { ObjectSummary, PositionColumns } from '../../../common/methods/live';
import { mercatorX, mercatorY } from '../../../common/mercator';
import { expose } from '../diagnostics/hooks';
import { createStore } from './create-store';
import { SlotTable } from './slot-table';

type Listener = () => void;

export interface FleetPositions {
  count: number;
  ids: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  /** Web Mercator x, y in [0, 1]: projected once per update, not per frame. */
  mx: Float64Array;
  my: Float64Array;
  time: Float64Array;
  speed: Float32Array;
  heading: Float32Array;
  online: Uint8Array;
  /** Ignition.* from the object's ignition input. */
  ignition: Uint8Array;
  /** Object.Status per slot (255 when the object is not in the list). */
  status: Uint8Array;
}

function emptyPositions(capacity: number): FleetPositions {
  return {
    count: 0,
    ids: new Int32Array(capacity),
    lat: new Float64Array(capacity),
    lng: new Float64Array(capacity),
    mx: new Float64Array(capacity),
    my: new Float64Array(capacity),
    time: new Float64Array(capacity),
    speed: new Float32Array(capacity),
    heading: new Float32Array(capacity),
    online: new Uint8Array(capacity),
    ignition: new Uint8Array(capacity),
    status: new Uint8Array(capacity),
  };
}

export class FleetStore {
  objects: ObjectSummary[] = [];
  objectsById = new Map<number, ObjectSummary>();
  objectsFetchedAt: number | null = null;
  /** The list is a first sign-in's names only: the full list is on its way (ObjectsList.namesOnly). */
  objectsNamesOnly = false;
  /**
   * The list is as the host sent it, in name order by its word (ObjectsList); a refresh's
   * delta appends new objects at the end, so a list it made is not.
   */
  objectsSentInOrder = false;
  positions: FleetPositions = emptyPositions(0);
  positionsFetchedAt: number | null = null;
  /** Bumps on every change; React subscribes to this. */
  private readonly changes = createStore(0);
  private slotOf = new SlotTable();
  /** Bumps when slots are handed out afresh (a snapshot that replaces them, a reset). */
  private slotEpoch = 0;
  private slotsMemo: { objects: ObjectSummary[]; epoch: number; count: number; slots: Int32Array } | null = null;

  get version(): number {
    return this.changes.get();
  }

  subscribe = (l: Listener): (() => void) => this.changes.subscribe(l);

  getVersion = (): number => this.changes.get();

  private changed() {
    this.changes.set(this.changes.get() + 1);
  }

  /** `sentInOrder`: an objects/list answer, in name order (ObjectsList.json). */
  setObjects(objects: ObjectSummary[], fetchedAt: number | null, namesOnly = false, sentInOrder = false) {
    this.objects = objects;
    this.objectsNamesOnly = namesOnly;
    this.objectsSentInOrder = sentInOrder;
    const byId = new Map<number, ObjectSummary>();
    for (const o of objects) byId.set(o.Id, o);
    this.objectsById = byId;
    this.objectsFetchedAt = fetchedAt;
    this.refreshStatuses();
    this.changed();
  }

  /** A refresh's delta: changed objects replaced where they were, new ones appended, removed ones dropped. */
  applyObjects(upserted: readonly ObjectSummary[], removed: readonly number[], fetchedAt: number | null) {
    const next = new Map(upserted.map((o) => [o.Id, o]));
    const gone = new Set(removed);
    const objects: ObjectSummary[] = [];
    for (const o of this.objects) {
      if (gone.has(o.Id)) continue;
      const u = next.get(o.Id);
      objects.push(u ?? o);
      next.delete(o.Id);
    }
    objects.push(...next.values());
    this.setObjects(objects, fetchedAt);
  }

  /**
   * Each slot's Object.Status from the list (255: not listed), through `objectSlots`: the
   * legend reads the same slots after the change, and finds them made.
   */
  private refreshStatuses() {
    const p = this.positions;
    p.status.fill(255, 0, p.count);
    const slots = this.objectSlots();
    for (let i = 0; i < slots.length; i++) if (slots[i]! >= 0) p.status[slots[i]!] = this.objects[i]!.Status ?? 255;
  }

  /** Forgets everything: another session's fleet must never show, not even for a moment. */
  reset() {
    this.objects = [];
    this.objectsById = new Map();
    this.objectsFetchedAt = null;
    this.objectsNamesOnly = false;
    this.objectsSentInOrder = false;
    this.positions = emptyPositions(0);
    this.positionsFetchedAt = null;
    this.slotOf.clear();
    this.slotEpoch++;
    this.changed();
  }

  slot(id: number): number | undefined {
    const s = this.slotOf.get(id);
    return s < 0 ? undefined : s;
  }

  /**
   * Each listed object's slot, in `objects` order (-1: no position yet). Kept until the list
   * or the slots change: a once-a-second pass over 100,000 objects then reads an array
   * instead of making 100,000 map lookups, which were most of its time.
   */
  objectSlots(): Int32Array {
    const m = this.slotsMemo;
    const count = this.positions.count;
    if (m && m.objects === this.objects && m.epoch === this.slotEpoch && m.count === count) return m.slots;
    const slots = new Int32Array(this.objects.length);
    for (let i = 0; i < slots.length; i++) slots[i] = this.slotOf.get(this.objects[i]!.Id);
    this.slotsMemo = { objects: this.objects, epoch: this.slotEpoch, count, slots };
    return slots;
  }

  private ensureCapacity(n: number) {
    const old = this.positions;
    if (n <= old.ids.length) return;
    const next = emptyPositions(Math.max(n, old.ids.length * 2, 64));
    for (const k of Object.keys(next) as (keyof FleetPositions)[]) {
      if (k === 'count') continue;
      (next[k] as Float64Array).set(old[k] as Float64Array);
    }
    next.count = old.count;
    this.positions = next;
  }

  /**
   * Applies columns (a snapshot or a delta): known objects are updated in place, new ones
   * appended. `notify` false: a slice of a delta whose last slice tells the listeners.
   */
  applyColumns(cols: PositionColumns, fetchedAt: number | null, replace = false, notify = true) {
    if (replace) {
      this.positions = emptyPositions(cols.ids.length);
      this.slotOf.clear(cols.ids.length);
      this.slotEpoch++;
    }
    this.ensureCapacity(this.positions.count + cols.ids.length);
    const p = this.positions;
    // The host sends the fleet in one order every time, so the slot after the last one found
    // is nearly always right, and a full poll of 100,000 skips 100,000 map lookups.
    let next = 0;
    for (let i = 0; i < cols.ids.length; i++) {
      const id = cols.ids[i]!;
      let s = next < p.count && p.ids[next] === id ? next : this.slotOf.get(id);
      const fresh = s < 0;
      if (fresh) {
        s = p.count++;
        this.slotOf.set(id, s);
        p.ids[s] = id;
        if (!replace) p.status[s] = this.objectsById.get(id)?.Status ?? 255;
      }
      next = s + 1;
      const lat = cols.lat[i]!;
      const lng = cols.lng[i]!;
      // A parked object's poll moves its time, not its place: the projection is kept.
      if (fresh || p.lat[s] !== lat || p.lng[s] !== lng) {
        p.lat[s] = lat;
        p.lng[s] = lng;
        p.mx[s] = mercatorX(lng);
        p.my[s] = mercatorY(lat);
      }
      p.time[s] = cols.time[i]!;
      p.speed[s] = cols.speed[i]!;
      p.heading[s] = cols.heading[i]!;
      p.online[s] = cols.online[i]!;
      p.ignition[s] = cols.ignition[i]!;
    }
    if (replace) this.refreshStatuses();
    if (!notify) return;
    if (fetchedAt !== null) this.positionsFetchedAt = Math.max(this.positionsFetchedAt ?? 0, fetchedAt);
    this.changed();
  }

  /** Last known position of one object, or undefined when it never reported. */
  position(id: number) {
    const s = this.slotOf.get(id);
    if (s < 0) return undefined;
    const p = this.positions;
    if (p.time[s] === 0) return undefined;
    return {
      lat: p.lat[s]!,
      lng: p.lng[s]!,
      time: p.time[s]!,
      speed: p.speed[s]!,
      heading: p.heading[s]!,
      online: p.online[s] === 1,
      ignitionOn: p.ignition[s] === Ignition.on,
    };
  }
}

export const fleetStore = new FleetStore();

/**
 * Diagnostics hook: the last position of every object by id, for the e2e suite and for
 * support sessions ("what does the console think object 42's position is?").
 */
expose('__fleetPositions', (): Record<number, [number, number]> => {
  const p = fleetStore.positions;
  const out: Record<number, [number, number]> = {};
  for (let i = 0; i < p.count; i++) if (p.time[i] !== 0) out[p.ids[i]!] = [p.lat[i]!, p.lng[i]!];
  return out;
});

/** Diagnostics hook: what the store holds, without building a map of every position (the bench reads it each frame while the console starts). */
expose('__fleetCounts', () => {
  const p = fleetStore.positions;
  let positioned = 0;
  for (let i = 0; i < p.count; i++) if (p.time[i] !== 0) positioned++;
  return { objects: fleetStore.objects.length, positioned, positionsFetchedAt: fleetStore.positionsFetchedAt, objectsFetchedAt: fleetStore.objectsFetchedAt };
});
