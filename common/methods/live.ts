import { z } from 'zod';
import { method, push } from '../define';
import type { DailyStat, DriverKey, FleetObject, Position, Sensor } from '../resources';
import type { ObjectSummary, ObjectsList } from '../object-summaries';
import type { PositionColumns } from '../position-columns';

export { Ignition, type PositionColumns } from '../position-columns';
export { NAME_COLLATION, SUMMARY_KEYS, objectsOf, summaryFromRow, summaryOf, summaryRow, type ObjectSummary, type ObjectsList } from '../object-summaries';

/** What a refresh of the object list changed. */
export interface ObjectsChanged {
  /** New or changed objects, as summaries. */
  upserted: ObjectSummary[];
  /** Ids of objects no longer in the list. */
  removed: number[];
  /** Too much changed to send as a delta: read objects/list again (upserted and removed are empty). */
  reload: boolean;
  fetchedAt: number;
}

export interface StatusSnapshot extends PositionColumns {
  fetchedAt: number | null;
  serverTime: number | null;
}

export interface StatusDelta extends PositionColumns {
  fetchedAt: number;
}

export interface ObjectGroupsList {
  groups: { Id: number; Name: string }[];
  fetchedAt: number | null;
}

export const liveMethods = {
  'objects/list': method<ObjectsList>()(z.object({})),
  'status/snapshot': method<StatusSnapshot>()(z.object({})),
  /** The details panel's picture of one object (not_found when the cache does not know it). */
  'objects/details': method<ObjectDetails>()(z.object({ id: z.number().int() })),
  /** Object groups by id and name, from the cache (refreshed with the reference data). */
  'objects/groups': method<ObjectGroupsList>()(z.object({})),
};

export const livePushes = {
  /** Only the objects whose position changed since the previous poll. */
  'status/delta': push<StatusDelta>(),
  /** The object list itself changed (reference data refresh): only what changed, or "reload". */
  'objects/changed': push<ObjectsChanged>(),
  /** The object groups' names or members changed (reference data refresh): read objects/groups again. */
  'objects/groupsChanged': push<{ fetchedAt: number }>(),
};

/** One sensor of the object with its last reading (raw, as the device sent it), if any. */
export interface SensorReading {
  sensor: Sensor;
  value: number | null;
  /** Unix ms of the reading, null when the cache holds none. */
  time: number | null;
}

/** Everything the details panel shows about one object, read from the cache. */
export interface ObjectDetails {
  object: FleetObject;
  position: Position | null;
  sensors: SensorReading[];
  driverKey: DriverKey | null;
  /** The driver holding that key, from the cached driver and key catalogues; null when unknown. */
  driverName: string | null;
  /** Today's statistics (the object's local day), null when the service sent none. */
  stats: DailyStat | null;
}
