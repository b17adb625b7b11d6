/**
 * Parsing a POST /api/ObjectsHistory body into columns.
 *
 * A 1 Hz day is ~9 MB of JSON and 86,400 point objects; one JSON.parse of it blocks for
 * ~100 ms, far over the 10 ms budget of the thread that answers the renderer. So the body
 * stays bytes on the main side (`responseType: 'bytes'`) and is transferred (not copied)
 * to the history writer's worker thread (writer.ts), which parses and stores it there.
 * This module is plain code run by whichever thread does the work: the worker, or the
 * main thread in the in-thread fallback (no worker script given: tests, diagnostics).
 *
 * Movement and parking intervals carry no kind field (spec): an interval with a Positions
 * array is movement, one with a Position object is a parking; anything else is counted
 * in `unknownIntervals` and skipped.
 */
import type { HistoryParking, SensorColumns, TrackColumns } from '../../../common/methods/history';
import { scanPositions, type ColumnsFor, type ScannedPositions } from './positions-scan';

export interface ParsedHistory {
  track: TrackColumns;
  parkings: HistoryParking[];
  sensors: SensorColumns[];
  /** Raw, checked by the tolerant schemas when stored (small). */
  events: unknown;
  files: unknown;
  violations: unknown;
  movementIntervals: number;
  unknownIntervals: number;
  /** Points without a finite Time, Lat or Lng. */
  skippedPoints: number;
}

type Obj = Record<string, unknown>;

/** Key lookup tolerant of casing (some gateways lower-case the keys). */
function get(o: unknown, k: string): unknown {
  if (o === null || typeof o !== 'object') return undefined;
  const v = (o as Obj)[k];
  if (v !== undefined) return v;
  const lk = k.toLowerCase();
  for (const key in o as Obj) if (key.toLowerCase() === lk) return (o as Obj)[key];
  return undefined;
}

function num(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
}

const opt = (v: unknown): number => (v === undefined || v === null ? NaN : num(v));

function parseSensors(ss: unknown): SensorColumns[] {
  const sensors: SensorColumns[] = [];
  if (!Array.isArray(ss)) return sensors;
  for (const s of ss as unknown[]) {
    const id = num(get(s, 'SensorId'));
    if (!Number.isFinite(id)) continue;
    const sivs = get(s, 'Intervals');
    const ivs = Array.isArray(sivs) ? (sivs as unknown[]) : [];
    let m = 0;
    for (const iv of ivs) {
      const vs = get(iv, 'Values');
      if (Array.isArray(vs)) m += vs.length;
    }
    const st = new Float64Array(m);
    const sv = new Float64Array(m);
    let w = 0;
    for (const iv of ivs) {
      const vs = get(iv, 'Values');
      if (!Array.isArray(vs)) continue;
      for (const v of vs as unknown[]) {
        const vt = num(get(v, 'Time'));
        const vv = num(get(v, 'Value'));
        if (Number.isFinite(vt) && Number.isFinite(vv)) {
          st[w] = vt;
          sv[w] = vv;
          w++;
        }
      }
    }
    sensors.push({ sensorId: id, time: w === m ? st : st.slice(0, w), value: w === m ? sv : sv.slice(0, w) });
  }
  return sensors;
}

/**
 * The body's points, parkings and sensors. The Positions arrays are read straight from the
 * bytes when they have the service's shape (positions-scan.ts); otherwise, and for
 * everything around them, JSON.parse. `scan: false` takes the general path only (tests
 * compare the two); `columns` gives the scan its columns (the writer's worker reuses them).
 */
export function parseHistoryBody(bytes: Uint8Array, o: { scan?: boolean; columns?: ColumnsFor } = {}): ParsedHistory {
  const scanned = o.scan === false ? null : scanPositions(bytes, o.columns);
  if (scanned && scanned.spans.length > 0) {
    let root: unknown;
    try {
      root = JSON.parse(scanned.rest);
    } catch {
      root = undefined; // the general path below gives the error, with the body's own offsets
    }
    const r = root === undefined ? null : fromRoot(root, scanned);
    if (r) return r;
  }
  const text = new TextDecoder().decode(bytes);
  let root: unknown = text.trim() === '' ? {} : JSON.parse(text);
  // A JSON string holding JSON (seen from some gateways).
  for (let d = 0; d < 3 && typeof root === 'string'; d++) root = JSON.parse(root);
  return fromRoot(root, null)!;
}

/**
 * The parsed body's parts. With `scanned`, each Positions value is a marker of an array the
 * scan read, taken in order; null when they do not match up one to one (a Positions key
 * somewhere other than a track interval): the caller then parses the whole body itself.
 */
function fromRoot(root: unknown, scanned: ScannedPositions | null): ParsedHistory | null {
  if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new Error('the answer is not an object');
  const rawIvs = get(get(root, 'Track'), 'Intervals');
  const ivs = Array.isArray(rawIvs) ? (rawIvs as unknown[]) : [];
  let nextSpan = 0;
  const spanOf = (ps: unknown): ScannedPositions['spans'][number] | null | undefined => {
    if (!scanned || typeof ps !== 'string' || !ps.startsWith(scanned.marker)) return undefined;
    return Number(ps.slice(scanned.marker.length)) === nextSpan ? scanned.spans[nextSpan++]! : null;
  };
  let n = 0;
  let onlyScanned = scanned !== null;
  for (const iv of ivs) {
    const ps = get(iv, 'Positions');
    if (Array.isArray(ps)) {
      n += ps.length;
      onlyScanned = false;
    } else {
      const span = spanOf(ps);
      if (span === null) return null;
      if (span) n += span.end - span.start;
    }
  }
  if (scanned && nextSpan !== scanned.spans.length) return null;
  nextSpan = 0;
  // Every point came from the scan, whose spans follow one another: its columns are the track.
  const c = onlyScanned ? scanned!.columns : null;
  const time = c ? c.time.subarray(0, n) : new Float64Array(n);
  const lat = c ? c.lat.subarray(0, n) : new Float64Array(n);
  const lng = c ? c.lng.subarray(0, n) : new Float64Array(n);
  const speed = c ? c.speed.subarray(0, n) : new Float32Array(n);
  const heading = c ? c.heading.subarray(0, n) : new Float32Array(n);
  const alt = c ? c.alt.subarray(0, n) : new Float32Array(n);
  const sat = c ? c.sat.subarray(0, n) : new Uint8Array(n);
  let k = 0;
  let skipped = 0;
  let moves = 0;
  let unknown = 0;
  const parkings: HistoryParking[] = [];
  for (const iv of ivs) {
    const ps = get(iv, 'Positions');
    const span = spanOf(ps);
    if (span) {
      moves++;
      const at = k;
      k += span.end - span.start;
      skipped += span.skipped;
      if (c) continue;
      const from = scanned!.columns;
      const take = <T extends Float64Array | Float32Array | Uint8Array>(to: T, src: T) => to.set(src.subarray(span.start, span.end), at);
      take(time, from.time);
      take(lat, from.lat);
      take(lng, from.lng);
      take(speed, from.speed);
      take(heading, from.heading);
      take(alt, from.alt);
      take(sat, from.sat);
      continue;
    }
    if (Array.isArray(ps)) {
      moves++;
      for (const p of ps as unknown[]) {
        const t = num(get(p, 'Time'));
        const la = num(get(p, 'Lat'));
        const ln = num(get(p, 'Lng'));
        if (!Number.isFinite(t) || !Number.isFinite(la) || !Number.isFinite(ln)) {
          skipped++;
          continue;
        }
        time[k] = t;
        lat[k] = la;
        lng[k] = ln;
        speed[k] = opt(get(p, 'Speed'));
        heading[k] = opt(get(p, 'heading'));
        alt[k] = opt(get(p, 'Alt'));
        const s = opt(get(p, 'Sat'));
        sat[k] = s > 255 ? 255 : s > 0 ? s : 0;
        k++;
      }
      continue;
    }
    const pos = get(iv, 'Position');
    if (pos !== null && typeof pos === 'object' && !Array.isArray(pos)) {
      const pf = num(get(iv, 'From'));
      const pt = num(get(iv, 'Till'));
      const pla = num(get(pos, 'Lat'));
      const pln = num(get(pos, 'Lng'));
      if ([pf, pt, pla, pln].every(Number.isFinite)) {
        const pk: HistoryParking = { from: pf, till: pt, lat: pla, lng: pln };
        const pa = opt(get(pos, 'Alt'));
        if (Number.isFinite(pa)) pk.alt = pa;
        parkings.push(pk);
      } else unknown++;
      continue;
    }
    unknown++;
  }
  const cut = <T extends Float64Array | Float32Array | Uint8Array>(a: T): T => (k === n ? a : (a.slice(0, k) as T));
  return {
    track: { time: cut(time), lat: cut(lat), lng: cut(lng), speed: cut(speed), heading: cut(heading), alt: cut(alt), sat: cut(sat) },
    parkings,
    sensors: parseSensors(get(root, 'Sensors')),
    events: get(root, 'Events'),
    files: get(root, 'Files'),
    violations: get(root, 'Violations'),
    movementIntervals: moves,
    unknownIntervals: unknown,
    skippedPoints: skipped,
  };
}

/**
 * The buffer a view can hand to postMessage's transfer list: its own when it spans the
 * whole of it, else a copy (a pooled Buffer slice must not be detached).
 */
export function transferable(bytes: Uint8Array): ArrayBuffer {
  const owns = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return owns ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
}
