/**
 * History: POST /api/ObjectsHistory (detailed) and the ObjectsHistory/* catalogue.
 *
 * The service refuses intervals longer than one month with a 400. This module does not
 * split: the error is thrown as FleetError('invalid_input') carrying the server's message
 * (an ApiError with status 400); the history loader halves (see isIntervalTooLong).
 */
import { z } from 'zod';
import { FleetError, isFleetError } from '../../../common/errors';
import { EventSchema, HistorySchema, type FleetEvent, type History } from '../../../common/resources';
import { ApiError } from './errors';
import { seg, type Http, type RawBytes } from './http';
import { isHeldBody, type HeldBody } from './held-body';
import { call, extra, looseRecord, many, one, recordList, type Extra, type LooseRecord } from './shared';

export interface HistoryRequest {
  ObjectId: number;
  /** Unix ms. */
  From: number;
  /** Unix ms. */
  Till: number;
}

/** Interval of the catalogue endpoints; ObjectId optional (all objects of the user). */
export interface IntervalRequest {
  ObjectId?: number;
  From: number;
  Till: number;
  [k: string]: unknown;
}

const history = one(HistorySchema, {
  // An object with nothing in the period may omit whole sections.
  defaults: { Track: {}, Violations: {} },
});
const events = many(EventSchema);

function checkInterval(r: { From: number; Till: number }, endpoint: string): void {
  if (!Number.isFinite(r.From) || !Number.isFinite(r.Till) || r.Till < r.From) {
    throw new FleetError('invalid_input', `${endpoint}: the interval must have From ≤ Till (Unix ms)`);
  }
}

const HISTORY_PATH = '/api/ObjectsHistory';
/** The detailed history's endpoint, as errors name it (the history writer parses its bodies). */
export const HISTORY_ENDPOINT = `POST ${HISTORY_PATH}`;
/** A loader's window is up to ~16 MB of body (history/windows.ts): on a slow link that needs twice the 60 s of the other reads. */
export const HISTORY_WINDOW_TIMEOUT_MS = 120_000;

/**
 * POST /api/ObjectsHistory. A read: retried like a GET. Long loads get 60 s unless the
 * caller says otherwise.
 */
export async function loadHistory(http: Http, req: HistoryRequest, e?: Extra): Promise<History> {
  checkInterval(req, HISTORY_ENDPOINT);
  return call(http, 'POST', HISTORY_PATH, history, {
    body: { ObjectId: req.ObjectId, From: req.From, Till: req.Till },
    idempotent: true,
    timeoutMs: 60_000,
    ...extra(e),
  });
}

const windowRequest = (req: HistoryRequest, e?: Extra) =>
  ({
    method: 'POST',
    path: HISTORY_PATH,
    endpoint: HISTORY_ENDPOINT,
    body: { ObjectId: req.ObjectId, From: req.From, Till: req.Till },
    idempotent: true,
    timeoutMs: HISTORY_WINDOW_TIMEOUT_MS,
    ...extra(e),
  }) as const;

/** One loader window of POST /api/ObjectsHistory as bytes, parsed by whoever stores it. */
export async function historyWindowBytes(http: Http, req: HistoryRequest, e?: Extra): Promise<Uint8Array> {
  return (await http.request<RawBytes>({ ...windowRequest(req, e), responseType: 'bytes', parse: (r) => r as RawBytes })).bytes;
}

/**
 * One loader window fetched through `fetchImpl`, the history writer's held-body fetch: the
 * body stays in the writer's worker and only its handle comes back.
 */
export function historyWindowHeld(http: Http, req: HistoryRequest, fetchImpl: typeof fetch, e?: Extra): Promise<HeldBody> {
  return http.request<HeldBody>({ ...windowRequest(req, e), fetchImpl, responseType: 'raw', parse: heldOnly });
}

/** The writer's fetch keeps every successful body: anything else here is a bug, said as one. */
function heldOnly(r: unknown): HeldBody {
  if (isHeldBody(r)) return r;
  throw new FleetError('server_error', `${HISTORY_ENDPOINT}: the answer was not kept by the history writer`);
}

/**
 * True when `e` is the service refusing an interval as too long (400 whose message talks
 * about the interval / period / month / range / length), or any 400 from ObjectsHistory
 * when the server gave no message.
 */
export function isIntervalTooLong(e: unknown): boolean {
  if (!isFleetError(e) || e.code !== 'invalid_input') return false;
  const status = e instanceof ApiError ? e.status : undefined;
  if (status !== undefined && status !== 400) return false;
  const msg = (e instanceof ApiError ? (e.serverMessage ?? '') : e.message).toLowerCase();
  if (msg === '') return e instanceof ApiError && /ObjectsHistory/.test(e.endpoint);
  return /interval|period|month|range|length|too long|exceed|days/.test(msg);
}

function path(base: string, objectId?: number): string {
  return objectId === undefined ? base : `${base}/${seg(objectId)}`;
}

const readOpts = (body: unknown, e?: Extra) => ({ body, idempotent: true, timeoutMs: 60_000, ...extra(e) });

/** POST /api/ObjectsHistory/Common: driver sessions, daily statistics and tasks. Loose record. */
export function historyCommon(http: Http, req: IntervalRequest, e?: Extra): Promise<LooseRecord> {
  return call(http, 'POST', '/api/ObjectsHistory/Common', looseRecord, readOpts(req, e));
}
export function historyDriverSessions(http: Http, req: IntervalRequest, objectId?: number, e?: Extra): Promise<LooseRecord[]> {
  return call(http, 'POST', path('/api/ObjectsHistory/DriverSessions', objectId), recordList, readOpts(req, e));
}
export function historyDailyStat(http: Http, req: IntervalRequest, objectId?: number, e?: Extra): Promise<LooseRecord[]> {
  return call(http, 'POST', path('/api/ObjectsHistory/DailyStat', objectId), recordList, readOpts(req, e));
}
export function historyEvents(http: Http, req: IntervalRequest, objectId?: number, e?: Extra): Promise<FleetEvent[]> {
  return call(http, 'POST', path('/api/ObjectsHistory/Events', objectId), events, readOpts(req, e));
}
/** Parkings and engine operation. The answer may be a list or a record: always a list here. */
export function historyParkingMoto(http: Http, req: IntervalRequest, e?: Extra): Promise<LooseRecord[]> {
  return call(http, 'POST', '/api/ObjectsHistory/ParkingMoto', (raw, ep) =>
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) && !Object.keys(raw).some((k) => /^(data|items)$/i.test(k))
      ? [looseRecord(raw, ep)]
      : recordList(raw, ep), readOpts(req, e));
}

export function historyApi(http: Http) {
  return {
    load: (req: HistoryRequest, e?: Extra) => loadHistory(http, req, e),
    windowBytes: (req: HistoryRequest, e?: Extra) => historyWindowBytes(http, req, e),
    windowHeld: (req: HistoryRequest, fetchImpl: typeof fetch, e?: Extra) => historyWindowHeld(http, req, fetchImpl, e),
    common: (req: IntervalRequest, e?: Extra) => historyCommon(http, req, e),
    driverSessions: (req: IntervalRequest, objectId?: number, e?: Extra) => historyDriverSessions(http, req, objectId, e),
    dailyStat: (req: IntervalRequest, objectId?: number, e?: Extra) => historyDailyStat(http, req, objectId, e),
    events: (req: IntervalRequest, objectId?: number, e?: Extra) => historyEvents(http, req, objectId, e),
    parkingMoto: (req: IntervalRequest, e?: Extra) => historyParkingMoto(http, req, e),
  };
}

export type { History };
export const HistoryRequestSchema = z.object({ ObjectId: z.number().int(), From: z.number(), Till: z.number() });
