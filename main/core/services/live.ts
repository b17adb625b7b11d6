/**
 * What the live screens read: answered from the cache at once (the pollers keep it fresh
 * and push deltas), the positions from the ingestor, which holds the only in-memory copy.
 */
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { FleetError } from '../../../common/errors';
import type { ObjectDetails, ObjectGroupsList, ObjectsList, StatusSnapshot } from '../../../common/methods/live';
import type { Cache } from '../cache';
import type { Ingestor } from '../sync/ingest';
import { DriverNames } from './driver-names';

/** Start of today in the object's time zone: the service keys Stats by the local day. */
function localDayStart(timeZone: string | undefined, now: number): number {
  try {
    if (timeZone) return startOfDay(new TZDate(now, timeZone)).getTime();
  } catch {
    /* an unknown zone name: fall back to UTC days */
  }
  return Math.floor(now / 86_400_000) * 86_400_000;
}

export class LiveReads {
  private readonly drivers: DriverNames;

  constructor(
    private readonly cache: Cache,
    private readonly ingestor: Pick<Ingestor, 'snapshot' | 'written' | 'pendingList'>,
    /** A first sign-in's names while they stand in for the list (sync/first-names.ts). */
    private readonly names: { provisionalList(): ObjectsList | null } = { provisionalList: () => null },
    private readonly now: () => number = Date.now,
  ) {
    this.drivers = new DriverNames(cache);
  }

  /** The list as last answered: a new one still being written (ingest.ts), else a first sign-in's names, else the stored one. */
  objects(): ObjectsList {
    return this.ingestor.pendingList() ?? this.names.provisionalList() ?? { json: this.cache.objects.listJson(), fetchedAt: this.cache.objects.fetchedAt() };
  }

  async snapshot(): Promise<StatusSnapshot> {
    return { ...(await this.ingestor.snapshot()), fetchedAt: this.cache.status.fetchedAt(), serverTime: null };
  }

  /** The details panel's picture of one object: its position, sensor values, driver and today's stats. */
  async details(id: number): Promise<ObjectDetails> {
    // The map may show a poll whose rows are still being written (ingest.ts): read after them.
    await this.ingestor.written();
    const { cache } = this;
    const object = cache.objects.get(id);
    if (!object) {
      if (this.names.provisionalList()) throw new FleetError('not_found', `Object ${id}'s details come with the full object list, which is still loading.`);
      throw new FleetError('not_found', `Object ${id} is not in the list.`);
    }
    const sensors = object.Sensors ?? [];
    const values = new Map(cache.status.sensorValuesOf(sensors.map((s) => s.Id)).map((v) => [v.SensorId, v]));
    const day = localDayStart(object.TimeZone, this.now());
    const stats = cache.status.dailyStat(id, day) ?? null;
    const driverKey = cache.status.driverKey(id) ?? null;
    return {
      object,
      position: cache.status.position(id) ?? null,
      sensors: sensors.map((sensor) => {
        const v = values.get(sensor.Id);
        return { sensor, value: v?.Value ?? null, time: v?.Time ?? null };
      }),
      driverKey,
      driverName: this.drivers.ofKey(driverKey?.UId),
      stats,
    };
  }

  /** Groups by id and name; an unnamed group is called by its id. */
  groups(): ObjectGroupsList {
    const groups = this.cache.reference
      .list<{ Id?: unknown; Name?: unknown }>('objectGroups')
      .filter((g): g is { Id: number; Name?: unknown } => typeof g.Id === 'number')
      .map((g) => ({ Id: g.Id, Name: typeof g.Name === 'string' && g.Name ? g.Name : `Group ${g.Id}` }));
    return { groups, fetchedAt: this.cache.reference.fetchedAt('objectGroups') };
  }
}
