/**
 * Parsing a POST /api/ObjectsHistory body into columns, off the main thread.
 *
 * A 1 Hz day is ~9 MB of JSON and 86,400 point objects; one JSON.parse of it blocks for
 * ~100 ms, far over the 10 ms budget of the thread that answers the renderer. So the body
 * stays bytes on the main side (`responseType: 'bytes'`), is transferred (not copied) to
 * a worker that parses it and returns typed-array columns, transferred back.
 *
 * The worker source is plain JavaScript in a string, started with `eval: true`: the same
 * code then runs under vitest, tsx and the electron-vite bundle with no worker entry to
 * configure (a `new URL('./x.ts', import.meta.url)` entry needs a loader under tsx and a
 * `?modulePath` import under Vite). Without worker threads it runs in-thread (tests of the
 * parse itself use that path: it is the very same source).
 *
 * Movement and parking intervals carry no kind field (spec): an interval with a Positions
 * array is movement, one with a Position object is a parking; anything else is counted
 * in `unknownIntervals` and skipped.
 */
import { Worker } from 'node:worker_threads';
import type { HistoryParking, SensorColumns, TrackColumns } from '../../../common/methods/history';

export interface ParsedHistory {
  track: TrackColumns;
  parkings: HistoryParking[];
  sensors: SensorColumns[];
  /** Raw, to be checked by the tolerant schemas on the main side (small). */
  events: unknown;
  files: unknown;
  violations: unknown;
  movementIntervals: number;
  unknownIntervals: number;
  /** Points without a finite Time, Lat or Lng. */
  skippedPoints: number;
}

const PARSE_SRC = String.raw`
function parseHistoryBody(bytes) {
  var text = new TextDecoder().decode(bytes);
  var root = text.trim() === '' ? {} : JSON.parse(text);
  // A JSON string holding JSON (seen from some gateways).
  for (var d = 0; d < 3 && typeof root === 'string'; d++) root = JSON.parse(root);
  if (root === null || typeof root !== 'object' || Array.isArray(root)) throw new Error('the answer is not an object');
  function get(o, k) {
    if (o === null || typeof o !== 'object') return undefined;
    var v = o[k];
    if (v !== undefined) return v;
    var lk = k.toLowerCase();
    for (var key in o) if (key.toLowerCase() === lk) return o[key];
    return undefined;
  }
  function num(v) {
    if (typeof v === 'number') return v;
    if (typeof v === 'string' && v.trim() !== '') return Number(v);
    return NaN;
  }
  function opt(v) { return v === undefined || v === null ? NaN : num(v); }
  var ivs = get(get(root, 'Track'), 'Intervals');
  if (!Array.isArray(ivs)) ivs = [];
  var n = 0;
  for (var i = 0; i < ivs.length; i++) { var ps0 = get(ivs[i], 'Positions'); if (Array.isArray(ps0)) n += ps0.length; }
  var time = new Float64Array(n), lat = new Float64Array(n), lng = new Float64Array(n);
  var speed = new Float32Array(n), heading = new Float32Array(n), alt = new Float32Array(n), sat = new Uint8Array(n);
  var k = 0, skipped = 0, moves = 0, unknown = 0, parkings = [];
  for (var i = 0; i < ivs.length; i++) {
    var iv = ivs[i];
    var ps = get(iv, 'Positions');
    if (Array.isArray(ps)) {
      moves++;
      for (var j = 0; j < ps.length; j++) {
        var p = ps[j];
        var t = num(get(p, 'Time')), la = num(get(p, 'Lat')), ln = num(get(p, 'Lng'));
        if (!isFinite(t) || !isFinite(la) || !isFinite(ln)) { skipped++; continue; }
        time[k] = t; lat[k] = la; lng[k] = ln;
        speed[k] = opt(get(p, 'Speed')); heading[k] = opt(get(p, 'heading')); alt[k] = opt(get(p, 'Alt'));
        var s = opt(get(p, 'Sat')); sat[k] = s > 255 ? 255 : s > 0 ? s : 0;
        k++;
      }
      continue;
    }
    var pos = get(iv, 'Position');
    if (pos !== null && typeof pos === 'object' && !Array.isArray(pos)) {
      var pf = num(get(iv, 'From')), pt = num(get(iv, 'Till')), pla = num(get(pos, 'Lat')), pln = num(get(pos, 'Lng'));
      if (isFinite(pf) && isFinite(pt) && isFinite(pla) && isFinite(pln)) {
        var pk = { from: pf, till: pt, lat: pla, lng: pln };
        var pa = opt(get(pos, 'Alt'));
        if (isFinite(pa)) pk.alt = pa;
        parkings.push(pk);
      } else unknown++;
      continue;
    }
    unknown++;
  }
  function cut(a) { return k === n ? a : a.slice(0, k); }
  var sensors = [];
  var ss = get(root, 'Sensors');
  if (Array.isArray(ss)) {
    for (var i = 0; i < ss.length; i++) {
      var id = num(get(ss[i], 'SensorId'));
      if (!isFinite(id)) continue;
      var sivs = get(ss[i], 'Intervals');
      if (!Array.isArray(sivs)) sivs = [];
      var m = 0;
      for (var j = 0; j < sivs.length; j++) { var vs0 = get(sivs[j], 'Values'); if (Array.isArray(vs0)) m += vs0.length; }
      var st = new Float64Array(m), sv = new Float64Array(m), w = 0;
      for (var j = 0; j < sivs.length; j++) {
        var vs = get(sivs[j], 'Values');
        if (!Array.isArray(vs)) continue;
        for (var q = 0; q < vs.length; q++) {
          var vt = num(get(vs[q], 'Time')), vv = num(get(vs[q], 'Value'));
          if (isFinite(vt) && isFinite(vv)) { st[w] = vt; sv[w] = vv; w++; }
        }
      }
      sensors.push({ sensorId: id, time: w === m ? st : st.slice(0, w), value: w === m ? sv : sv.slice(0, w) });
    }
  }
  return {
    track: { time: cut(time), lat: cut(lat), lng: cut(lng), speed: cut(speed), heading: cut(heading), alt: cut(alt), sat: cut(sat) },
    parkings: parkings, sensors: sensors,
    events: get(root, 'Events'), files: get(root, 'Files'), violations: get(root, 'Violations'),
    movementIntervals: moves, unknownIntervals: unknown, skippedPoints: skipped,
  };
}
function transferList(r) {
  var list = [];
  for (var key in r.track) list.push(r.track[key].buffer);
  for (var i = 0; i < r.sensors.length; i++) list.push(r.sensors[i].time.buffer, r.sensors[i].value.buffer);
  return list;
}
`;

const WORKER_SRC = `${PARSE_SRC}
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  try {
    const r = parseHistoryBody(new Uint8Array(m.buf));
    parentPort.postMessage({ id: m.id, ok: true, r }, transferList(r));
  } catch (e) {
    parentPort.postMessage({ id: m.id, ok: false, message: e && e.message ? e.message : String(e) });
  }
});`;

const inThread = new Function(`${PARSE_SRC}\nreturn parseHistoryBody;`)() as (bytes: Uint8Array) => ParsedHistory;

/** Parses in the calling thread (tests; fallback where worker threads are unavailable). */
export function parseHistoryBody(bytes: Uint8Array): ParsedHistory {
  return inThread(bytes);
}

export interface HistoryParser {
  parse(bytes: Uint8Array): Promise<ParsedHistory>;
  /** Whether parsing runs in a worker thread. */
  readonly threaded: boolean;
  close(): void;
}

/** One worker for the session, started on first use; bodies are parsed one after another. */
export function createHistoryParser(opts: { threaded?: boolean } = {}): HistoryParser {
  let worker: Worker | null = null;
  let failed = opts.threaded === false;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: ParsedHistory) => void; reject: (e: Error) => void }>();

  const fail = (e: Error) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
    worker = null;
  };

  function ensure(): Worker | null {
    if (worker || failed) return worker;
    try {
      const w = new Worker(WORKER_SRC, { eval: true });
      w.unref();
      w.on('message', (m: { id: number; ok: boolean; r?: ParsedHistory; message?: string }) => {
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        if (m.ok) p.resolve(m.r!);
        else p.reject(new Error(m.message ?? 'parse failed'));
      });
      w.on('error', (e) => fail(e));
      w.on('exit', (code) => {
        if (worker === w) fail(new Error(`the history parser stopped (exit ${code})`));
      });
      worker = w;
    } catch {
      failed = true;
    }
    return worker;
  }

  return {
    get threaded() {
      return !failed;
    },
    parse(bytes) {
      const w = ensure();
      if (!w) {
        try {
          return Promise.resolve(inThread(bytes));
        } catch (e) {
          return Promise.reject(e instanceof Error ? e : new Error(String(e)));
        }
      }
      // Transfer when the view owns its whole buffer; otherwise copy (a pooled Buffer slice).
      const owns = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      const buf = owns ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
      const id = nextId++;
      return new Promise<ParsedHistory>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, buf }, [buf]);
      });
    },
    close() {
      const w = worker;
      failed = true;
      fail(new Error('the history parser was closed'));
      void w?.terminate();
    },
  };
}
