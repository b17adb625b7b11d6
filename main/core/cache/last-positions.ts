/**
 * The last position of each object in the status copy (status.ts): an object's row in
 * columns. As one object per position in a map they took 22 MB of the ingest worker's heap
 * at 100,000 objects, in columns 5 MB; a missing optional number is NaN here, as it is never
 * a stored value.
 */
import { GrowingColumns } from './growing-columns';
import type { PositionColumns } from '../../../common/methods/live';
import { emptyPositionColumns, type PosRow } from './status-rows';

type Columns = {
  time: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  alt: Float64Array;
  speed: Float64Array;
  heading: Float64Array;
  sat: Float64Array;
  accuracy: Float64Array;
  online: Uint8Array;
};
const columns = (n: number): Columns => ({
  time: new Float64Array(n),
  lat: new Float64Array(n),
  lng: new Float64Array(n),
  alt: new Float64Array(n),
  speed: new Float64Array(n),
  heading: new Float64Array(n),
  sat: new Float64Array(n),
  accuracy: new Float64Array(n),
  online: new Uint8Array(n),
});

const stored = (v: number | null): number => (v === null ? NaN : v);
const read = (v: number): number | null => (Number.isNaN(v) ? null : v);
/** The same optional number: both missing, or equal. */
const same = (a: number, b: number | null): boolean => (b === null ? Number.isNaN(a) : a === b);

export class LastPositions {
  private readonly rowOf = new Map<number, number>();
  private readonly ids: number[] = [];
  private readonly cols = new GrowingColumns<Columns>(columns(1024), columns);

  get size(): number {
    return this.ids.length;
  }

  has(objectId: number): boolean {
    return this.rowOf.has(objectId);
  }

  /** The object's position as a row, undefined if it has none. */
  get(objectId: number): PosRow | undefined {
    const r = this.rowOf.get(objectId);
    if (r === undefined) return undefined;
    const c = this.cols.reserve(0);
    return {
      object_id: objectId,
      online: c.online[r]!,
      lat: c.lat[r]!,
      lng: c.lng[r]!,
      alt: read(c.alt[r]!),
      time: c.time[r]!,
      speed: read(c.speed[r]!),
      heading: read(c.heading[r]!),
      sat: read(c.sat[r]!),
      accuracy: read(c.accuracy[r]!),
    };
  }

  /** Whether `row` is the object's position as held (sameRow, without making the held one a row). */
  holds(row: PosRow): boolean {
    const r = this.rowOf.get(row.object_id);
    if (r === undefined) return false;
    const c = this.cols.reserve(0);
    return (
      c.time[r] === row.time &&
      c.lat[r] === row.lat &&
      c.lng[r] === row.lng &&
      c.online[r] === row.online &&
      same(c.speed[r]!, row.speed) &&
      same(c.heading[r]!, row.heading) &&
      same(c.alt[r]!, row.alt) &&
      same(c.sat[r]!, row.sat) &&
      same(c.accuracy[r]!, row.accuracy)
    );
  }

  set(row: PosRow): void {
    let r = this.rowOf.get(row.object_id);
    if (r === undefined) {
      this.cols.reserve(1);
      r = this.cols.n++;
      this.rowOf.set(row.object_id, r);
      this.ids.push(row.object_id);
    }
    const c = this.cols.reserve(0);
    c.time[r] = row.time;
    c.lat[r] = row.lat;
    c.lng[r] = row.lng;
    c.alt[r] = stored(row.alt);
    c.speed[r] = stored(row.speed);
    c.heading[r] = stored(row.heading);
    c.sat[r] = stored(row.sat);
    c.accuracy[r] = stored(row.accuracy);
    c.online[r] = row.online;
  }

  /** Removes the object's position: the last row moves into its place. */
  delete(objectId: number): void {
    const r = this.rowOf.get(objectId);
    if (r === undefined) return;
    const last = this.ids.length - 1;
    const movedId = this.ids[last]!;
    if (r !== last) {
      const c = this.cols.reserve(0);
      for (const k of Object.keys(c) as (keyof Columns)[]) c[k][r] = c[k][last]!;
      this.ids[r] = movedId;
      this.rowOf.set(movedId, r);
    }
    this.ids.pop();
    this.rowOf.delete(objectId);
    this.cols.n--;
  }

  objectIds(): readonly number[] {
    return this.ids;
  }

  /** The positions of `ids` (each held) as columns, with each object's Ignition.* from `ignition`. */
  columns(ids: readonly number[], ignition: (objectId: number) => number): PositionColumns {
    const out = emptyPositionColumns(ids.length);
    const c = this.cols.reserve(0);
    ids.forEach((id, i) => {
      const r = this.rowOf.get(id)!;
      out.ids[i] = id;
      out.lat[i] = c.lat[r]!;
      out.lng[i] = c.lng[r]!;
      out.time[i] = c.time[r]!;
      out.speed[i] = c.speed[r]!;
      out.heading[i] = c.heading[r]!;
      out.online[i] = c.online[r]!;
      out.ignition[i] = ignition(id);
    });
    return out;
  }
}
