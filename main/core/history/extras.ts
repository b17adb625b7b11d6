/**
 * The ObjectsHistory catalogue (daily statistics, driver sessions, parkings/engine), device
 * packets and file bodies. Catalogue answers are kept per (object, kind, from, till) in
 * `history_extras` and served when the service cannot be reached (said so with
 * `fromCache`); packets are passed through (original device form, rarely re-read); a file
 * body is downloaded once and then always served from the cache (files do not change).
 */
import { FleetError, isFleetError } from '../../../common/errors';
import type { FileBody, HistoryPackets, HistoryRecords } from '../../../common/methods/history';
import type { FleetApi, LooseRecord } from '../api';
import { fileEndpoint } from '../api/files';
import type { Cache } from '../cache';
import { DriverNames } from '../services/driver-names';

export type CatalogueKind = 'dailyStat' | 'driverSessions' | 'parkingMoto';

export interface ExtrasOptions {
  api: Pick<FleetApi, 'history' | 'packets' | 'files'>;
  cache: Cache;
  now?: () => number;
  /** Known offline (sync/connectivity.ts): the kept copy is answered at once instead of after the request's retries. */
  isOffline?: () => boolean;
}

export class HistoryExtras {
  private readonly now: () => number;
  private readonly downloads = new Map<string, Promise<FileBody>>();
  private readonly drivers: DriverNames;

  constructor(private readonly o: ExtrasOptions) {
    this.now = o.now ?? Date.now;
    this.drivers = new DriverNames(o.cache);
  }

  /** A session the service sent without its driver's name gets it from the key (or the driver id), as the catalogues say. */
  private named(items: LooseRecord[]): LooseRecord[] {
    return items.map((r) => {
      if (typeof r.DriverName === 'string' && r.DriverName.trim()) return r;
      const name = this.drivers.ofKey(typeof r.UId === 'string' ? r.UId : null) ?? this.drivers.ofDriver(r.DriverId);
      return name ? { ...r, DriverName: name } : r;
    });
  }

  private fetchCatalogue(kind: CatalogueKind, objectId: number, from: number, till: number): Promise<LooseRecord[]> {
    const req = { ObjectId: objectId, From: from, Till: till };
    if (kind === 'dailyStat') return this.o.api.history.dailyStat(req, objectId);
    if (kind === 'driverSessions') return this.o.api.history.driverSessions(req, objectId).then((items) => this.named(items));
    return this.o.api.history.parkingMoto(req);
  }

  async catalogue(kind: CatalogueKind, objectId: number, from: number, till: number): Promise<HistoryRecords> {
    const key = `catalogue:${kind}:${Math.round(till)}`;
    if (this.o.isOffline?.()) {
      const kept = this.kept(kind, objectId, from, till);
      if (kept.fetchedAt === null) throw new FleetError('offline', 'Offline, and these records were never read for this object and interval.');
      return kept;
    }
    try {
      const items = await this.fetchCatalogue(kind, objectId, from, till);
      const fetchedAt = this.now();
      this.o.cache.db
        .prepare('INSERT OR REPLACE INTO history_extras (object_id, kind, from_ms, till_ms, json) VALUES (?, ?, ?, ?, ?)')
        .run(objectId, key, Math.round(from), Math.round(till), JSON.stringify({ items, fetchedAt }));
      return { items, fetchedAt, fromCache: false };
    } catch (e) {
      if (!isFleetError(e) || (e.code !== 'offline' && e.code !== 'server_error' && e.code !== 'rate_limited')) throw e;
      const kept = this.kept(kind, objectId, from, till);
      if (kept.fetchedAt === null) throw e;
      return kept;
    }
  }

  /** Daily statistics; `cachedOnly`: the kept copy only (the screen shows it while the service is asked). */
  dailyStat(objectId: number, from: number, till: number, cachedOnly?: boolean): Promise<HistoryRecords> | HistoryRecords {
    return cachedOnly ? this.kept('dailyStat', objectId, from, till) : this.catalogue('dailyStat', objectId, from, till);
  }

  /** The copy kept of the same request, without asking the service; `fetchedAt` null when there is none. */
  kept(kind: CatalogueKind, objectId: number, from: number, till: number): HistoryRecords {
    const json = this.o.cache.db
      .prepare('SELECT json FROM history_extras WHERE object_id = ? AND kind = ? AND from_ms = ?')
      .pluck()
      .get(objectId, `catalogue:${kind}:${Math.round(till)}`, Math.round(from)) as string | undefined;
    if (json === undefined) return { items: [], fetchedAt: null, fromCache: true };
    const kept = JSON.parse(json) as { items: Record<string, unknown>[]; fetchedAt: number };
    return { items: kept.items, fetchedAt: kept.fetchedAt, fromCache: true };
  }

  async packets(objectId: number, from: number, till: number): Promise<HistoryPackets> {
    return { items: await this.o.api.packets.get({ ObjectId: objectId, From: from, Till: till }) };
  }

  /** One download per uid at a time; later calls read the cache. */
  file(uid: string): Promise<FileBody> {
    const cached = this.o.cache.history.fileBody(uid);
    if (cached) return Promise.resolve({ uid, type: this.knownType(uid) ?? 'application/octet-stream', bytes: cached });
    let p = this.downloads.get(uid);
    if (!p) {
      p = (async () => {
        const d = await this.o.api.files.download(uid);
        if (!d.bytes) throw new FleetError('server_error', `${fileEndpoint(uid)}: empty answer`);
        this.o.cache.history.putFileBody(uid, d.bytes, this.now());
        return { uid, type: this.knownType(uid) ?? d.mediaType, bytes: d.bytes };
      })().finally(() => this.downloads.delete(uid));
      this.downloads.set(uid, p);
    }
    return p;
  }

  private knownType(uid: string): string | undefined {
    return this.o.cache.db.prepare('SELECT type FROM files WHERE uid = ?').pluck().get(uid) as string | undefined;
  }
}
