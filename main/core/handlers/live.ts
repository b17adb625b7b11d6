import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { FleetError } from '../../../common/errors';
import type { ObjectDetails } from '../../../common/methods/live';
import type { Cache } from '../cache';
import type { HandlerMap } from '../rpc/dispatcher';
import type { SessionService } from '../session/session-service';
import type { ConnectivityTracker } from '../sync/connectivity';

/** Reads answer from the cache at once; the pollers keep it fresh and push deltas. */
export function liveHandlers(session: SessionService, connectivity: ConnectivityTracker): HandlerMap {
  return {
    'objects/list': () => {
      const { cache } = session.current();
      return { json: cache.objects.listJson(), fetchedAt: cache.objects.fetchedAt() };
    },
    'status/snapshot': async () => {
      // The ingestor holds the only in-memory copy (in the worker thread, in the apps).
      const { cache, ingestor } = session.current();
      return { ...(await ingestor.snapshot()), fetchedAt: cache.status.fetchedAt(), serverTime: null };
    },
    'connectivity/state': () => connectivity.state(),
    'objects/details': (a) => objectDetails(session.current().cache, a.id),
    'objects/groups': () => {
      const { cache } = session.current();
      const groups = cache.reference
        .list<{ Id?: unknown; Name?: unknown }>('objectGroups')
        .filter((g): g is { Id: number; Name?: unknown } => typeof g.Id === 'number')
        .map((g) => ({ Id: g.Id, Name: typeof g.Name === 'string' && g.Name ? g.Name : `Group ${g.Id}` }));
      return { groups, fetchedAt: cache.reference.fetchedAt('objectGroups') };
    },
  };
}

/** Start of today in the object's time zone: the service keys Stats by the local day. */
function localDayStart(timeZone: string | undefined, now: number): number {
  try {
    if (timeZone) return startOfDay(new TZDate(now, timeZone)).getTime();
  } catch {
    /* an unknown zone name: fall back to UTC days */
  }
  return Math.floor(now / 86_400_000) * 86_400_000;
}

function objectDetails(cache: Cache, id: number): ObjectDetails {
  const object = cache.objects.get(id);
  if (!object) throw new FleetError('not_found', `Object ${id} is not in the list.`);
  const sensors = object.Sensors ?? [];
  const values = new Map(cache.status.sensorValuesOf(sensors.map((s) => s.Id)).map((v) => [v.SensorId, v]));
  const day = localDayStart(object.TimeZone, Date.now());
  const stats = cache.status.dailyStat(id, day) ?? null;
  return {
    object,
    position: cache.status.position(id) ?? null,
    sensors: sensors.map((sensor) => {
      const v = values.get(sensor.Id);
      return { sensor, value: v?.Value ?? null, time: v?.Time ?? null };
    }),
    driverKey: cache.status.driverKey(id) ?? null,
    stats,
  };
}
