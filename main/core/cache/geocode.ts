/**
 * Geocoded addresses keyed by coordinates rounded to 4 decimals (cells of ~11 m north to
 * south, less east to west away from the equator). A resolved address is kept for a long
 * time (default 90 days); an Error result only briefly (default 10 minutes), so a
 * transient failure is retried soon.
 */
import type { GeocodeResult } from '../../../common/resources';
import type { Db } from './db';

export interface GeocodeOptions {
  now?: () => number;
  /** How long an Error result is served from the cache. Default 10 minutes. */
  errorTtlMs?: number;
  /** How long a resolved address is served from the cache. Default 90 days. */
  okTtlMs?: number;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** The cache key of a coordinate: degrees × 1e4, rounded. */
export function geocodeKey(lat: number, lng: number): [number, number] {
  return [Math.round(lat * 1e4), Math.round(lng * 1e4)];
}

interface Row {
  address: string | null;
  street: string | null;
  error: string | null;
  fetched_at: number;
}

export class GeocodeRepo {
  private readonly now: () => number;
  private readonly errorTtlMs: number;
  private readonly okTtlMs: number;
  private readonly selectOne;
  private readonly upsert;

  constructor(
    private readonly db: Db,
    opts: GeocodeOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
    this.errorTtlMs = opts.errorTtlMs ?? 10 * 60_000;
    this.okTtlMs = opts.okTtlMs ?? 90 * 24 * 3_600_000;
    this.selectOne = db.prepare('SELECT address, street, error, fetched_at FROM geocode WHERE lat_e4 = ? AND lng_e4 = ?');
    this.upsert = db.prepare(
      'INSERT OR REPLACE INTO geocode (lat_e4, lng_e4, address, street, error, fetched_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  /** The cached result for a coordinate, or undefined when absent or expired. */
  get(lat: number, lng: number): GeocodeResult | undefined {
    const [a, b] = geocodeKey(lat, lng);
    const r = this.selectOne.get(a, b) as Row | undefined;
    if (!r) return undefined;
    const ttl = r.error !== null ? this.errorTtlMs : this.okTtlMs;
    if (this.now() - r.fetched_at >= ttl) return undefined;
    return { Address: r.address, Street: r.street, Error: r.error };
  }

  /** Results for many coordinates, in order (undefined where a lookup is needed). */
  getMany(points: readonly LatLng[]): (GeocodeResult | undefined)[] {
    return points.map((p) => this.get(p.lat, p.lng));
  }

  put(lat: number, lng: number, result: GeocodeResult): void {
    const [a, b] = geocodeKey(lat, lng);
    this.upsert.run(a, b, result.Address ?? null, result.Street ?? null, result.Error ?? null, Math.round(this.now()));
  }

  /** Stores results in one transaction; `results[i]` belongs to `points[i]`. */
  putMany(points: readonly LatLng[], results: readonly GeocodeResult[]): void {
    if (points.length !== results.length) throw new Error('putMany: points and results differ in length');
    this.db.transaction(() => points.forEach((p, i) => this.put(p.lat, p.lng, results[i]!))).immediate();
  }

  /** Deletes expired entries; returns how many. */
  prune(): number {
    const now = this.now();
    return this.db
      .prepare('DELETE FROM geocode WHERE (error IS NOT NULL AND fetched_at <= ?) OR (error IS NULL AND fetched_at <= ?)')
      .run(now - this.errorTtlMs, now - this.okTtlMs).changes;
  }
}
