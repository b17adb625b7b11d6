/**
 * History of one object over an interval, loaded by coverage (DESIGN.md): `history/load`
 * answers from the cache at once, then fetches only what the cache lacks in the background,
 * announcing each stored window with `history/chunk` (the renderer re-reads with
 * `history/read`; pushes carry no columns, so a track is never sent twice) and the
 * advance with `history/progress`.
 */
import { z } from 'zod';
import { method, push } from '../define';
import type { ErrorInfo } from '../errors';
import type { FleetEvent, FleetFile, History } from '../resources';
import type { TrackColumns } from '../track';
import { unpackTrack, type WireTrack } from '../track-wire';
import type { PlaceAt } from '../place-at';

export type { TrackColumns } from '../track';

/** The first draw of a cached track: a sketch of its coarse copy (main/core/history/sketch.ts). */
export interface HistoryOverview {
  track: TrackColumns;
  /** 1 where the line is lifted before the point: a stretch already drawn was left out. */
  breaks: Uint8Array;
}

/** A parking (a Track interval with one Position). Unix ms. */
export interface HistoryParking {
  from: number;
  till: number;
  lat: number;
  lng: number;
  alt?: number;
}

/** Values of one sensor (SensorId = Sensor.Id of the object), ascending time. */
export interface SensorColumns {
  sensorId: number;
  time: Float64Array;
  value: Float64Array;
}

/**
 * Violations as the service gave them for one fetched window: element shapes are not
 * specified, so they cannot be clipped to the requested range; each entry says which
 * window it belongs to.
 */
export interface HistoryViolations {
  from: number;
  till: number;
  violations: History['Violations'];
}

export interface HistoryCoverage {
  /** The cache holds the whole requested [from, till). */
  complete: boolean;
  /** The parts of [from, till) not (yet) in the cache, ascending, as [from, till) pairs. */
  missing: [number, number][];
}

/** What the cache holds of one object for [from, till). */
export interface HistoryData {
  objectId: number;
  from: number;
  till: number;
  track: TrackColumns;
  parkings: HistoryParking[];
  events: FleetEvent[];
  files: FleetFile[];
  sensors: SensorColumns[];
  violations: HistoryViolations[];
  coverage: HistoryCoverage;
}

export interface HistoryLoadResult extends HistoryData {
  /**
   * Id of the background fetch of `coverage.missing`, named in the pushes and accepted by
   * `history/cancel`; null when nothing is fetched (all covered). Pushes for a load are
   * only sent after this reply.
   */
  loadId: string | null;
}

/** `HistoryData` as `history/read` sends it: the track's coordinates packed (common/track-wire.ts). */
export interface WireHistoryData extends Omit<HistoryData, 'track'> {
  track: WireTrack;
}
export interface WireHistoryLoadResult extends WireHistoryData {
  loadId: string | null;
}
export const unpackHistory = <T extends WireHistoryData>(d: T): Omit<T, 'track'> & { track: TrackColumns } => ({ ...d, track: unpackTrack(d.track) });

export interface HistoryProgress {
  loadId: string;
  objectId: number;
  from: number;
  till: number;
  /** Length (ms) of the missing parts fetched and stored so far. */
  fetchedMs: number;
  /** Length (ms) of the missing parts when the load started. */
  totalMs: number;
  /** Last push of this load. */
  done: boolean;
  /** Stopped by `history/cancel` (or a newer session); what was stored stays. */
  cancelled?: boolean;
  /** Why the load stopped early (e.g. `offline`); the stored windows stay. */
  error?: ErrorInfo;
  /** A window failed and is tried again in `inMs` (its `attempt`-th failure); the load goes on. */
  retrying?: { attempt: number; inMs: number; error: ErrorInfo };
}

/** New data of [from, till) is in the cache: re-read it with `history/read`. */
export interface HistoryChunk {
  loadId: string;
  objectId: number;
  from: number;
  till: number;
}

/** Where an object was at a moment (common/place-at.ts). */
export interface PlaceAnswer {
  place: PlaceAt | null;
  /**
   * The cache holds the whole span around the moment: a null place then means the track
   * has nothing near it. False: part of it could not be loaded (offline, or too slow).
   */
  complete: boolean;
}

/** Catalogue answers (daily statistics, driver sessions, parkings/engine): records as the service sent them. */
export interface HistoryRecords {
  items: Record<string, unknown>[];
  /** When these came from the service (Unix ms); null if never. */
  fetchedAt: number | null;
  /** The service could not be reached: this is the last copy of the same request. */
  fromCache: boolean;
}

export interface HistoryPackets {
  /** Packets in their original form (records, strings or numbers): not cached. */
  items: unknown[];
}

export interface FileBody {
  uid: string;
  /** Media type of the file (File.Type, else the download's Content-Type). */
  type: string;
  bytes: Uint8Array;
}

/** At most this long a range per call (the loader splits it into windows the service accepts). */
export const HISTORY_MAX_RANGE_MS = 400 * 86_400_000;

const rangeShape = {
  objectId: z.number().int(),
  /** Unix ms, inclusive. */
  from: z.number().finite(),
  /** Unix ms, exclusive. */
  till: z.number().finite(),
};

// Zod cannot extend an object schema that has refinements, so each range schema gets them here.
const rangeChecked = <S extends z.ZodType<{ from: number; till: number }>>(s: S): S =>
  s
    .refine((a) => a.till > a.from, { message: 'till must be after from', path: ['till'] })
    .refine((a) => a.till - a.from <= HISTORY_MAX_RANGE_MS, { message: 'the range is longer than 400 days', path: ['till'] });

export const HistoryRangeSchema = rangeChecked(z.object(rangeShape));

export const HistoryOverviewSchema = rangeChecked(
  z.object({
    ...rangeShape,
    /** At most this many points (the sketch's grid coarsened until it fits); no bound without it. */
    maxPoints: z.number().int().min(100).max(10_000_000).optional(),
  }),
);

export const historyMethods = {
  /** Cached data at once, plus a background fetch of the missing parts (pushes below). */
  'history/load': method<WireHistoryLoadResult>()(HistoryRangeSchema),
  /** Cached data only (re-read after `history/chunk`). */
  'history/read': method<WireHistoryData>()(HistoryRangeSchema),
  /**
   * A sketch of the cached track from its coarse copy (a point per 100 m moved): every
   * street driven, once, small enough to draw a month at once while `history/load` reads
   * and sends the full track; hours cached before the copy existed are missing from it.
   * `maxPoints` coarsens the sketch until it fits.
   */
  'history/overview': method<HistoryOverview>()(HistoryOverviewSchema),
  /** Stops a background load; windows already stored stay. True if it was running. */
  'history/cancel': method<{ cancelled: boolean }>()(z.object({ loadId: z.string().min(1) })),
  /** Fetches again what a load that stopped on a failure still lacks, under its id. True if it was resumed. */
  'history/resume': method<{ resumed: boolean }>()(z.object({ loadId: z.string().min(1) })),
  /**
   * Where the object was at `time` (an event's place: events carry none): from the cache,
   * fetching the quarter hour either side first when the cache lacks it, for a few seconds
   * at most.
   */
  'history/placeAt': method<PlaceAnswer>()(z.object({ objectId: z.number().int(), time: z.number().finite().nonnegative() })),
  /** POST /api/ObjectsHistory/DailyStat/{objectId}; the last answer is kept for offline use. */
  'history/dailyStat': method<HistoryRecords>()(
    /** `cachedOnly`: the kept copy only, without asking the service (`fetchedAt` null when none). */
    rangeChecked(z.object({ ...rangeShape, cachedOnly: z.boolean().optional() })),
  ),
  /** POST /api/ObjectsHistory/DriverSessions/{objectId}; kept like dailyStat. */
  'history/driverSessions': method<HistoryRecords>()(HistoryRangeSchema),
  /** POST /api/ObjectsHistory/ParkingMoto; kept like dailyStat. */
  'history/parkingMoto': method<HistoryRecords>()(HistoryRangeSchema),
  /** POST /api/ObjectPackets: passed through, not cached. */
  'history/packets': method<HistoryPackets>()(HistoryRangeSchema),
  /** GET /api/ObjectFiles/{uid}, downloaded once and then served from the cache. */
  'files/get': method<FileBody>()(z.object({ uid: z.string().min(1) })),
};

export const historyPushes = {
  'history/progress': push<HistoryProgress>(),
  'history/chunk': push<HistoryChunk>(),
};
