/**
 * Geozones for the map overlay and the Admin editor, offline first: the cached list when
 * fresh, else the service's (GET /api/Geozones, stored in the reference cache), else
 * whatever the cache or the cached profile holds when the service cannot be reached.
 * Writes go straight to the service and, once it confirmed them, into the cache and a
 * `geozones/changed` push, so the live map redraws without a restart.
 */
import { FleetError, isFleetError } from '../../../common/errors';
import type { GeozoneDraft, GeozoneGroupsList, GeozonesList, GeozoneWritten } from '../../../common/methods/geozones';
import type { FleetApi } from '../api';
import { ApiError } from '../api/errors';
import type { WriteResult } from '../api/shared';
import type { Cache } from '../cache';
import type { ReferenceKind } from '../cache/reference';
import type { PushBus } from '../rpc/pushes';

/** A list younger than this is answered from the cache without asking the service. */
const FRESH_MS = 10 * 60_000;

export const OFFLINE_EDIT =
  'Geozones cannot be changed while the fleet service is out of reach: nothing was sent. Try again when the connection is back.';

export interface GeozoneWrites {
  bus: Pick<PushBus, 'emit'>;
  /** True once the link is known to be down: a write is refused before it is tried. */
  isOffline: () => boolean;
}

/** The record the service is sent: only the fields the shape needs, as it stores them. */
export function geozoneBody(d: GeozoneDraft): Record<string, unknown> {
  const base = { Name: d.Name.trim(), Type: d.Type, Color: d.Color.toUpperCase(), GroupId: d.GroupId };
  if (d.Type === 'Circle') return { ...base, Center: d.Center, Radius: d.Radius, Points: [] };
  return {
    ...base,
    Points: d.Points,
    ...(d.Center ? { Center: d.Center } : {}),
    ...(d.Radius !== undefined ? { Radius: d.Radius } : {}),
    Width: d.Type === 'Line' ? d.Width : 0,
  };
}

export class GeozonesService {
  constructor(
    private readonly api: Pick<FleetApi, 'geozones'>,
    private readonly cache: Cache,
    private readonly writes: GeozoneWrites = { bus: { emit: () => {} }, isOffline: () => false },
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<GeozonesList> {
    try {
      const { items, fetchedAt } = await this.read('geozones', async () => (await this.api.geozones.list()).filter((g) => typeof g.Id === 'number'));
      return { geozones: items, fetchedAt };
    } catch (e) {
      const profile = this.cache.profile.get();
      if (profile) return { geozones: profile.profile.Geozones, fetchedAt: profile.fetchedAt };
      throw e;
    }
  }

  /** Geozone groups by id, name and colour (the editor's group picker). */
  async groups(): Promise<GeozoneGroupsList> {
    const { items, fetchedAt } = await this.read('geozoneGroups', async () => (await this.api.geozones.groups.list()).filter((g) => typeof g.Id === 'number'));
    const groups = (items as { Id?: unknown; Name?: unknown; Color?: unknown }[])
      .filter((g): g is { Id: number; Name?: unknown; Color?: unknown } => typeof g.Id === 'number')
      .map((g) => ({ Id: g.Id, Name: typeof g.Name === 'string' && g.Name ? g.Name : `Group ${g.Id}`, Color: typeof g.Color === 'string' ? g.Color : null }));
    return { groups, fetchedAt };
  }

  async create(draft: GeozoneDraft): Promise<GeozoneWritten> {
    const body = geozoneBody(draft);
    const w = await this.write(() => this.api.geozones.create(body));
    const id = w.id ?? null;
    if (id === null) throw new FleetError('server_error', 'POST /api/Geozones: the service created the geozone but did not say its Id. Reload the list.');
    return this.stored({ ...body, ...(w.record ?? {}), Id: id }, 'created');
  }

  async update(id: number, draft: GeozoneDraft): Promise<GeozoneWritten> {
    const body = { ...geozoneBody(draft), Id: id };
    const w = await this.write(() => this.api.geozones.update(body), id);
    const before = this.cache.reference.get<Record<string, unknown>>('geozones', id) ?? {};
    return this.stored({ ...before, ...body, ...(w.record ?? {}), Id: id }, 'updated');
  }

  async remove(id: number): Promise<{ id: number }> {
    await this.write(() => this.api.geozones.remove(id).then(() => ({ id, record: null, raw: undefined })), id);
    this.cache.reference.delete('geozones', id);
    this.writes.bus.emit('geozones/changed', { id, change: 'deleted' });
    return { id };
  }

  private stored(rec: Record<string, unknown> & { Id: number }, change: 'created' | 'updated'): GeozoneWritten {
    this.cache.reference.put('geozones', rec, this.now());
    this.writes.bus.emit('geozones/changed', { id: rec.Id, change });
    return { geozone: rec };
  }

  /**
   * One write: refused at once when the link is known down (or the request never left),
   * the service's own 400 message passed on as it is (the form shows it at its field),
   * and a zone gone from the service dropped from the cache too.
   */
  private async write(send: () => Promise<WriteResult>, id?: number): Promise<WriteResult> {
    if (this.writes.isOffline()) throw new FleetError('offline', OFFLINE_EDIT);
    try {
      return await send();
    } catch (e) {
      if (!isFleetError(e)) throw e;
      if (e.code === 'offline') throw new FleetError('offline', OFFLINE_EDIT, { cause: e });
      if (e instanceof ApiError && e.serverMessage && (e.code === 'invalid_input' || e.code === 'forbidden')) throw new FleetError(e.code, e.serverMessage, { cause: e });
      if (e.code === 'not_found' && id !== undefined) {
        this.cache.reference.delete('geozones', id);
        this.writes.bus.emit('geozones/changed', { id, change: 'deleted' });
        throw new FleetError('not_found', `Geozone ${id} no longer exists on the server; it is gone from the list.`, { cause: e });
      }
      throw e;
    }
  }

  /** A reference kind from the cache when fresh, else from the service (stored), else the stale cache. */
  private async read(kind: ReferenceKind, fetch: () => Promise<unknown[]>): Promise<{ items: unknown[]; fetchedAt: number | null }> {
    const { cache } = this;
    const cachedAt = cache.reference.fetchedAt(kind);
    if (cachedAt !== null && this.now() - cachedAt < FRESH_MS) return { items: cache.reference.list(kind), fetchedAt: cachedAt };
    try {
      const list = await fetch();
      const at = this.now();
      cache.reference.replaceAll(kind, list as { Id: number }[], at);
      return { items: list, fetchedAt: at };
    } catch (e) {
      if (cachedAt !== null) return { items: cache.reference.list(kind), fetchedAt: cachedAt };
      throw e;
    }
  }
}
