/**
 * The catalogue calls' windows (records.ts): an interval cut into requests the service
 * accepts, and their answers joined back so that no record is counted twice or left in
 * pieces where we cut.
 */
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { PACKETS_WINDOW_MS, RECORDS_WINDOW_MS } from '../../../../common/history-windows';

/**
 * Raw packets are asked for a day at a time, so a long interval would be hundreds of
 * requests for rows nobody scrolls through: at most a week of them, and none after the
 * table's rows are full. The note under the tab says where the rows stop.
 */
export const PACKETS_MAX_WINDOWS = 7;
export const PACKETS_MAX_ROWS = 2000;

export type RecordsMethod = 'history/dailyStat' | 'history/driverSessions' | 'history/parkingMoto' | 'history/packets';
export type RecordsKind = 'dailyStat' | 'driverSessions' | 'parkingMoto' | 'packets';

export interface Records {
  items: unknown[];
  fetchedAt: number | null;
  fromCache: boolean;
  /** Where the rows stop when fewer windows were asked for than the interval needs; else null. */
  shownTill: number | null;
  /** How many windows (days, for packets) were asked for when the rows stop short; else 0. */
  shownWindows: number;
}

/** One request of one window (records.ts: over the rpc). */
export type RecordsCall = (method: RecordsMethod, args: { objectId: number; from: number; till: number }) => Promise<{ items: unknown[]; fetchedAt?: number | null; fromCache?: boolean }>;

const KIND: Record<RecordsMethod, RecordsKind> = {
  'history/dailyStat': 'dailyStat',
  'history/driverSessions': 'driverSessions',
  'history/parkingMoto': 'parkingMoto',
  'history/packets': 'packets',
};

/**
 * [from, till) of one object, a window at a time, joined into one answer. `zone` is the
 * object's: its daily records start at its local midnights, so the edges are put there.
 */
export async function fetchInWindows(call: RecordsCall, method: RecordsMethod, objectId: number, from: number, till: number, zone: string): Promise<Records> {
  const kind = KIND[method];
  const packets = kind === 'packets';
  const windows = splitRange(from, till, packets ? PACKETS_WINDOW_MS : RECORDS_WINDOW_MS, zone);
  const out: Records = { items: [], fetchedAt: null, fromCache: false, shownTill: null, shownWindows: 0 };
  const parts: WindowAnswer[] = [];
  let rows = 0;
  // One window at a time: the service is slow to answer large ones and has a rate limit.
  for (const [i, [a, b]] of windows.entries()) {
    if (packets && (i >= PACKETS_MAX_WINDOWS || rows >= PACKETS_MAX_ROWS)) {
      out.shownTill = a;
      out.shownWindows = i;
      break;
    }
    const r = await call(method, { objectId, from: a, till: b });
    parts.push({ from: a, till: b, items: r.items });
    rows += r.items.length;
    if (r.fromCache) out.fromCache = true;
    if (typeof r.fetchedAt === 'number') out.fetchedAt = out.fetchedAt === null ? r.fetchedAt : Math.min(out.fetchedAt, r.fetchedAt);
  }
  out.items = joinWindows(kind, parts);
  return out;
}

/**
 * [from, till) in windows of at most `max`. With `zone`, every edge but the interval's own
 * is a local midnight there (the latest that keeps the window within `max`), so a daily
 * record is never cut between two windows, whatever the length of the days between (a
 * clock change makes one 23 or 25 hours). A window too short to hold a midnight is cut at `max`.
 */
export function splitRange(from: number, till: number, max = RECORDS_WINDOW_MS, zone?: string): [number, number][] {
  const out: [number, number][] = [];
  for (let a = from; a < till; ) {
    let b = Math.min(till, a + max);
    if (b < till && zone) {
      const midnight = startOfDay(new TZDate(b, zone)).getTime();
      if (midnight > a) b = midnight;
    }
    out.push([a, b]);
    a = b;
  }
  return out;
}

export interface WindowAnswer {
  from: number;
  till: number;
  items: unknown[];
}

type Rec = Record<string, unknown>;
const isRec = (x: unknown): x is Rec => !!x && typeof x === 'object' && !Array.isArray(x);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The windows' answers as one answer for the whole interval. */
export function joinWindows(kind: RecordsKind, parts: readonly WindowAnswer[]): unknown[] {
  const edges = new Set(parts.slice(1).map((p) => p.from));
  if (kind === 'dailyStat') return oneRowPerDay(parts);
  if (kind === 'driverSessions') return joinSpans(parts.flatMap((p) => p.items), edges, (r) => `${r.ObjectId}:${r.DriverId}:${r.UId}`);
  if (kind === 'parkingMoto') return joinPerObject(parts, edges);
  return packetsOnce(parts);
}

/**
 * A day on both sides of an edge comes back from each window: the service answers the
 * whole of every local day the window touches (the simulator counts from the day's start
 * whatever From says, and up to Till; a window ending at midnight even brings an empty row
 * for the day starting there). Summing them counted a day twice, so the row that covers
 * more of the day (moving + parked) stands for it; on a tie the later window's.
 */
function oneRowPerDay(parts: readonly WindowAnswer[]): unknown[] {
  const byDay = new Map<string, Rec>();
  const other: unknown[] = [];
  const covered = (r: Rec) => (num(r.MoveTime) ?? 0) + (num(r.ParkTime) ?? 0);
  for (const p of parts)
    for (const r of p.items) {
      if (!isRec(r) || num(r.Day) === undefined) {
        other.push(r);
        continue;
      }
      const key = `${r.ObjectId}:${r.Day}`;
      const seen = byDay.get(key);
      if (!seen || covered(r) >= covered(seen)) byDay.set(key, r);
    }
  const days = [...byDay.values()].sort((a, b) => num(a.Day)! - num(b.Day)! || (num(a.ObjectId) ?? 0) - (num(b.ObjectId) ?? 0));
  return [...days, ...other];
}

/**
 * Spans (From, Till) from several windows: a span the service returned whole to each
 * window it overlaps appears once; one it cut at our edge is joined again. Only pieces
 * that meet exactly at an edge are joined: two real spans may well touch elsewhere.
 */
function joinSpans(items: readonly unknown[], edges: ReadonlySet<number>, identity: (r: Rec) => string): unknown[] {
  const spans: Rec[] = [];
  const other: unknown[] = [];
  for (const r of items) (isRec(r) && num(r.From) !== undefined && num(r.Till) !== undefined ? spans : other).push(r);
  spans.sort((a, b) => num(a.From)! - num(b.From)! || num(a.Till)! - num(b.Till)!);
  const out: Rec[] = [];
  const lastOf = new Map<string, Rec>();
  for (const r of spans) {
    const id = identity(r);
    const last = lastOf.get(id);
    if (last && last.From === r.From && last.Till === r.Till) continue;
    if (last && last.Till === r.From && edges.has(r.From as number)) {
      const joined: Rec = { ...last, Till: r.Till };
      if (num(last.Duration) !== undefined && num(r.Duration) !== undefined) joined.Duration = joinedDuration(last, r, joined);
      out[out.indexOf(last)] = joined;
      lastOf.set(id, joined);
      continue;
    }
    out.push(r);
    lastOf.set(id, r);
  }
  return [...out, ...other];
}

/**
 * Durations in whole seconds of the span, as the simulator sends them, are counted again
 * over the joined span (two rounded halves may be a second off the whole); any other
 * Duration is the pieces' sum.
 */
function joinedDuration(a: Rec, b: Rec, joined: Rec): number {
  const secs = (r: Rec) => Math.round(((r.Till as number) - (r.From as number)) / 1000);
  return a.Duration === secs(a) && b.Duration === secs(b) ? secs(joined) : (a.Duration as number) + (b.Duration as number);
}

/** ParkingMoto: one record per object and window, each with its lists; one record per object here. */
function joinPerObject(parts: readonly WindowAnswer[], edges: ReadonlySet<number>): unknown[] {
  const byObject = new Map<unknown, { first: Rec; lists: Map<string, unknown[]> }>();
  const other: unknown[] = [];
  for (const p of parts)
    for (const r of p.items) {
      if (!isRec(r)) {
        other.push(r);
        continue;
      }
      let o = byObject.get(r.ObjectId);
      if (!o) byObject.set(r.ObjectId, (o = { first: r, lists: new Map() }));
      for (const [k, v] of Object.entries(r)) if (Array.isArray(v)) o.lists.set(k, [...(o.lists.get(k) ?? []), ...v]);
    }
  const joined = [...byObject.values()].map(({ first, lists }) => {
    const rec: Rec = { ...first };
    for (const [k, list] of lists) rec[k] = joinSpans(list, edges, () => k);
    return rec;
  });
  return [...joined, ...other];
}

/**
 * A packet at an edge may come back from both windows (if the service reads Till as
 * inclusive): one equal to a packet of the window before is left out. Compared whole, not
 * by a time field, since the packets' shape is the device's and not documented.
 */
function packetsOnce(parts: readonly WindowAnswer[]): unknown[] {
  const out: unknown[] = [];
  let before = new Set<string>();
  for (const p of parts) {
    const here = new Set<string>();
    for (const r of p.items) {
      const key = JSON.stringify(r);
      here.add(key);
      if (!before.has(key)) out.push(r);
    }
    before = here;
  }
  return out;
}
