/**
 * Current state: GET /api/ObjectsStatus and GET /api/ObjectsStatus/{id}.
 *
 * Besides the documented {Positions, SensorValues, DriverKeys, Stats}, deployed servers
 * answer {points, iopoints, ekeys, events, stat} with short field names; both are mapped
 * onto the canonical ObjectsStatus (see STATUS_ALIASES and README.md).
 */
import { ObjectsStatusSchema, type DailyStat, type DriverKey, type ObjectsStatus, type ObjectsStatusBatches, type Position, type SensorValue } from '../../../common/resources';
import { seg, type Http } from './http';
import { JsonScanError, type TopMembers } from './json-spans';
import type { StatusMemo } from './status-memo';
import { call, extra, rawBody, type Extra } from './shared';
import { keyFold, normalize, type Aliases } from './tolerant';

/**
 * Field spellings accepted for status elements (besides any letter case, `_` and `-`).
 * The legacy names come first in each list.
 */
export const STATUS_ALIASES: Aliases = {
  // Positions
  ObjectId: ['trackerid', 'tracker_id', 'objid', 'oid', 'object_id', 'deviceid', 'unitid'],
  Lat: ['latitude'],
  Lng: ['lon', 'long', 'longitude'],
  Alt: ['altitude', 'height', 'elevation'],
  Speed: ['spd', 'speed', 'velocity'],
  heading: ['ang', 'angle', 'course', 'direction', 'dir', 'azimuth', 'bearing', 'head', 'cog'],
  Time: ['dt', 'ts', 'timestamp', 'datetime', 'date', 'fixtime', 'lasttime'],
  Sat: ['sats', 'satellites', 'satcount', 'nsat', 'satellitecount'],
  Accuracy: ['acc', 'precision', 'accur'],
  Online: ['isonline', 'connected'],
  // SensorValues
  SensorId: ['trendid', 'trend_id', 'sid', 'inputid', 'ioid'],
  Value: ['val', 'v', 'value'],
  // DriverKeys
  UId: ['uid', 'key', 'keyid', 'keycode', 'ekey'],
  // Stats
  Day: ['day', 'date'],
  Length: ['len', 'distance', 'dist', 'mileage', 'km'],
  MoveTime: ['move', 'movetime', 'moving'],
  ParkTime: ['park', 'parktime', 'parking'],
  IdleTime: ['idle', 'idletime'],
  EngineTime: ['engine', 'enginetime', 'motohours', 'moto'],
  AvgSpeed: ['avgspeed', 'avgspd', 'averagespeed'],
  MaxSpeed: ['maxspeed', 'maxspd'],
  Fuel: ['fuel', 'fuelused', 'fuelconsumption'],
};

/** Top-level spellings of the four arrays. */
const TOP: Record<string, keyof ObjectsStatus> = {
  positions: 'Positions',
  points: 'Positions',
  sensorvalues: 'SensorValues',
  iopoints: 'SensorValues',
  ekeys: 'DriverKeys',
  driverkeys: 'DriverKeys',
  stats: 'Stats',
  stat: 'Stats',
};

/** A position with Lat 0 and Lng 0 carries NoFix: true (the device reported without a fix). */
export type StatusPosition = Position & { NoFix?: boolean };

export function hasFix(p: { Lat: number; Lng: number }): boolean {
  return !(p.Lat === 0 && p.Lng === 0);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Legacy times in seconds (1e9…1e11 is 2001…5138 in seconds, but 1970…1973 in ms). */
function secondsToMs(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((el) => {
    if (!isRecord(el)) return el;
    const out = { ...el };
    for (const [k, v] of Object.entries(el)) {
      const f = keyFold(k);
      if (['dt', 'time', 'ts', 'timestamp'].includes(f)) {
        const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
        if (typeof n === 'number' && n >= 1e9 && n < 1e11) out[k] = n * 1000;
      }
    }
    return out;
  });
}

/**
 * The legacy `stat` counts in other units than Stats: `mileage` matches the odometer's distance
 * in metres and `totalenginetime` is milliseconds (deployed-server-shapes.md, quirk 5). Without
 * this, a day's 120 km would read 120,400 km.
 */
function legacyStats(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((el) => {
    if (!isRecord(el)) return el;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(el)) {
      const f = keyFold(k);
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      if (f === 'mileage' && Number.isFinite(n)) out.Length = n / 1000;
      else if (f === 'totalenginetime' && Number.isFinite(n)) out.EngineTime = n / 1000;
      else out[k] = v;
    }
    return out;
  });
}

/** Maps the top-level keys of either shape onto the canonical four arrays; other keys kept. */
function canonicalTop(raw: Record<string, unknown>): Record<string, unknown> {
  const legacy = Object.keys(raw).some((k) => ['points', 'iopoints', 'ekeys', 'stat'].includes(keyFold(k)));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const target = TOP[keyFold(k)];
    if (target && !(target in out)) out[target] = !legacy ? v : target === 'Stats' ? legacyStats(secondsToMs(v)) : secondsToMs(v);
    else if (legacy && keyFold(k) === 'events') out.Events = v;
    else out[k] = v;
  }
  return out;
}

function markNoFix(s: ObjectsStatus): ObjectsStatus {
  for (const p of s.Positions as StatusPosition[]) {
    if (!hasFix(p)) p.NoFix = true;
  }
  return s;
}

/** Parses a current-state body of either shape into the canonical ObjectsStatus; `exact` as normalize's. */
export function parseObjectsStatus(raw: unknown, endpoint: string, o: { exact?: boolean } = {}): ObjectsStatus {
  const top = isRecord(raw) ? canonicalTop(raw) : raw;
  const s = normalize(ObjectsStatusSchema, top, endpoint, { aliases: STATUS_ALIASES, defaults: { Lat: 0, Lng: 0 }, exact: o.exact === true });
  return markNoFix(s);
}

/**
 * A status body's top-level members (json-spans.ts, or json-blocks.ts from a file) as its
 * four arrays, each decoded a batch at a time when it is iterated. Each batch goes through
 * parseObjectsStatus inside a body with every other array empty: the same spellings, units
 * and checks as the body read whole. A body the batches cannot stand for (one of the arrays
 * something else) throws JsonScanError, for the caller to read it whole.
 */
export function statusBatches(members: TopMembers, endpoint: string, memo?: StatusMemo): ObjectsStatusBatches {
  const arrays = [...members].filter(([key]) => TOP[keyFold(key)] !== undefined);
  if (arrays.some(([, elements]) => elements === null)) throw new JsonScanError('a status array that is not an array');
  const emptyBody = () => Object.fromEntries(arrays.map(([key]) => [key, [] as unknown[]]));
  // The whole body's fate when it holds no element (a missing array, say) is each batch's too.
  parseObjectsStatus(emptyBody(), endpoint, { exact: true });
  // The first spelling of each array is the one canonicalTop takes.
  const source = new Map<keyof ObjectsStatus, string>();
  for (const [key] of arrays) if (!source.has(TOP[keyFold(key)]!)) source.set(TOP[keyFold(key)]!, key);
  memo?.begin();
  function* part<K extends keyof typeof ELEMENT_ID>(target: K): Generator<ObjectsStatus[K]> {
    const key = source.get(target);
    if (key === undefined) return;
    const remembered = memo?.arrays[target];
    const id = ELEMENT_ID[target] as (e: ObjectsStatus[K][number]) => number;
    for (const batch of members.get(key)!(remembered?.select)) {
      const body = emptyBody();
      body[key] = batch;
      const parsed = parseObjectsStatus(body, endpoint, { exact: true })[target];
      remembered?.decoded(parsed.map(id));
      yield parsed;
    }
    remembered?.end();
  }
  return {
    Positions: part('Positions'),
    SensorValues: part('SensorValues'),
    DriverKeys: part('DriverKeys'),
    Stats: part('Stats'),
    ...(memo ? { memo } : {}),
  };
}

/**
 * What each element is the state of, as a 32-bit number (status-memo.ts): a stat is one
 * object's one day, and the two days a status may carry for an object differ in parity.
 */
const ELEMENT_ID = {
  Positions: (p: Position) => p.ObjectId | 0,
  SensorValues: (v: SensorValue) => v.SensorId | 0,
  DriverKeys: (k: DriverKey) => k.ObjectId | 0,
  Stats: (s: DailyStat) => (2 * s.ObjectId + (Math.floor(s.Day / 86_400_000) & 1)) | 0,
};

function looksLikePosition(r: Record<string, unknown>): boolean {
  const keys = new Set(Object.keys(r).map(keyFold));
  const lat = ['lat', 'latitude'].some((k) => keys.has(k));
  const lng = ['lng', 'lon', 'long', 'longitude'].some((k) => keys.has(k));
  return lat && lng;
}

/**
 * GET /api/ObjectsStatus/{id}: the spec only says "state of one object". Accepted: the
 * four-array shape (either spelling), a single position, a list of positions, or an object
 * holding singular Position/SensorValues/DriverKey/Stat fields. Returned as ObjectsStatus
 * restricted to that object.
 */
export function parseObjectStatus(raw: unknown, endpoint: string, objectId: number): ObjectsStatus {
  let body: unknown = raw;
  if (Array.isArray(raw)) body = { Positions: raw };
  else if (isRecord(raw)) {
    const top = canonicalTop(raw);
    const folded = new Map(Object.entries(raw).map(([k, v]) => [keyFold(k), v]));
    const pos = folded.get('position') ?? folded.get('point') ?? folded.get('lastposition');
    const hasArrays = ['Positions', 'SensorValues', 'DriverKeys', 'Stats'].some((k) => Array.isArray(top[k]));
    if (isRecord(pos) || !hasArrays) {
      if (isRecord(pos)) {
        body = {
          ...raw,
          Positions: [{ ObjectId: objectId, ...pos }],
          SensorValues: folded.get('sensorvalues') ?? folded.get('sensors') ?? [],
          DriverKeys: (() => {
            const k = folded.get('driverkey') ?? folded.get('ekey');
            return isRecord(k) ? [{ ObjectId: objectId, ...k }] : Array.isArray(k) ? k : [];
          })(),
          Stats: (() => {
            const st = folded.get('stat') ?? folded.get('stats') ?? folded.get('dailystat');
            return isRecord(st) ? [{ ObjectId: objectId, ...st }] : Array.isArray(st) ? st : [];
          })(),
        };
      } else if (looksLikePosition(raw)) {
        body = { Positions: [{ ObjectId: objectId, ...raw }] };
      }
    } else body = top;
  }
  // Elements that omit ObjectId belong to the requested object.
  if (isRecord(body)) {
    for (const k of ['Positions', 'DriverKeys', 'Stats']) {
      const list = body[k];
      if (Array.isArray(list)) {
        body[k] = list.map((el) =>
          isRecord(el) && !Object.keys(el).some((x) => ['objectid', ...(STATUS_ALIASES.ObjectId ?? [])].includes(keyFold(x)))
            ? { ObjectId: objectId, ...el }
            : el,
        );
      }
    }
  }
  return parseObjectsStatus(body, endpoint);
}

const STATUS_PATH = '/api/ObjectsStatus';
/** The status poll's endpoint, as its errors and warnings name it (the ingestor decodes its body). */
export const STATUS_ENDPOINT = `GET ${STATUS_PATH}`;

export function getObjectsStatus(http: Http, e?: Extra): Promise<ObjectsStatus> {
  return call(http, 'GET', STATUS_PATH, (raw, endpoint) => parseObjectsStatus(raw, endpoint), extra(e));
}

export function getObjectStatus(http: Http, id: number, e?: Extra): Promise<ObjectsStatus> {
  return call(http, 'GET', `${STATUS_PATH}/${seg(id)}`, (raw, ep) => parseObjectStatus(raw, ep, id), extra(e));
}

export function statusApi(http: Http) {
  return {
    get: (e?: Extra) => getObjectsStatus(http, e),
    /** GET /api/ObjectsStatus undecoded: the ingestor decodes and diffs it off the event loop, from a file where its worker spools it (decision 0065). */
    body: (e?: Extra) => rawBody(http, STATUS_PATH, e, { members: true }),
    getOne: (id: number, e?: Extra) => getObjectStatus(http, id, e),
  };
}
