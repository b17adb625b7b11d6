/**
 * Geozones for the map overlay and the Admin editor, offline first: the cached list when
 * fresh, else the service's (GET /api/Geozones, stored in the reference cache), else
 * whatever the cache or the cached profile holds when the service cannot be reached.
 * Writes go through the catalogue engine (`../catalogue/`): once the service confirmed them,
 * into the cache and a `geozones/changed` push, so the live map redraws without a restart;
 * when it did not answer, kept as a pending change that replays like any collection's.
 */
import { FleetError } from '../../../common/errors';
import type { CatalogueWrite } from '../../../common/methods/catalogue';
import type { GeozoneDraft, GeozoneGroupsList, GeozonesList, GeozoneWritten } from '../../../common/methods/geozones';
import type { FleetApi } from '../api';
import type { Cache } from '../cache';
import type { CatalogueService } from '../catalogue';
import type { ReferenceKind } from '../cache/reference';
import type { PushBus } from '../rpc/pushes';

/** A list younger than this is answered from the cache without asking the service. */
const FRESH_MS = 10 * 60_000;

export interface GeozoneWrites {
  bus: Pick<PushBus, 'emit'>;
  /** The catalogue engine: validation, 403 read-only, and an edit the service did not answer kept as a pending change. */
  catalogue: Pick<CatalogueService, 'create' | 'update' | 'remove'>;
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
    private readonly writes: GeozoneWrites,
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
    const w = await this.writes.catalogue.create('geozones', geozoneBody(draft));
    if (w.status === 'queued') return { geozone: null, queued: { pendingId: w.pendingId, message: w.message } };
    const rec = this.saved(w, undefined);
    if (!rec) throw new FleetError('server_error', 'POST /api/Geozones: the service created the geozone but did not say its Id. Reload the list.');
    return this.stored(rec, 'created');
  }

  async update(id: number, draft: GeozoneDraft): Promise<GeozoneWritten> {
    const body = geozoneBody(draft);
    const before = this.cache.reference.get<Record<string, unknown>>('geozones', id);
    // Only what differs from the kept copy is sent, so a pending change conflicts only on the fields it changes.
    const changed = before ? Object.fromEntries(Object.entries(body).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k]))) : body;
    const w = await this.writes.catalogue.update('geozones', id, changed);
    if (w.status === 'queued') return { geozone: null, queued: { pendingId: w.pendingId, message: w.message } };
    const rec = this.saved(w, id) ?? { ...before, ...body, Id: id };
    return this.stored({ ...before, ...body, ...rec, Id: id }, 'updated');
  }

  async remove(id: number): Promise<{ id: number; queued?: { pendingId: number; message: string } }> {
    const w = await this.writes.catalogue.remove('geozones', id);
    if (w.status === 'queued') return { id, queued: { pendingId: w.pendingId, message: w.message } };
    this.saved(w, id);
    this.writes.bus.emit('geozones/changed', { id, change: 'deleted' });
    return { id };
  }

  private stored(rec: Record<string, unknown> & { Id: number }, change: 'created' | 'updated'): GeozoneWritten {
    this.cache.reference.put('geozones', rec, this.now());
    this.writes.bus.emit('geozones/changed', { id: rec.Id, change });
    return { geozone: rec };
  }

  /**
   * The engine's answer as this contract says it: the service's own words as the error the
   * form shows at its field, and a zone gone from the service dropped from the cache too.
   */
  private saved(w: CatalogueWrite, id: number | undefined): (Record<string, unknown> & { Id: number }) | null {
    if (w.status === 'saved') return w.record;
    if (w.status === 'deleted' || w.status === 'queued') return null;
    if (w.status === 'forbidden') throw new FleetError('forbidden', w.message);
    if (w.notFound && id !== undefined) {
      this.cache.reference.delete('geozones', id);
      this.writes.bus.emit('geozones/changed', { id, change: 'deleted' });
      throw new FleetError('not_found', `Geozone ${id} no longer exists on the server; it is gone from the list.`);
    }
    throw new FleetError('invalid_input', w.message);
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
