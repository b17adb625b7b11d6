/**
 * Reverse geocoding for the whole app through one queue: a lookup is answered from the
 * cache (~10 m cells), joins an identical lookup already waiting, or waits a few ms for
 * others so that a list of 500 rows costs a handful of POSTs instead of 500.
 */
import { FleetError } from '../../../common/errors';
import type { Address } from '../../../common/methods/geocode';
import type { GeocodeResult } from '../../../common/resources';
import { geocodeKey, type Cache, type LatLng } from '../cache';

export interface GeocoderOptions {
  cache: Cache;
  reverse: (points: { Latitude: number; Longitude: number }[], signal: AbortSignal) => Promise<GeocodeResult[]>;
  signal: AbortSignal;
  /** True once the console knows the service is unreachable: an uncached lookup then fails at once instead of after the HTTP retries. */
  isOffline?: () => boolean;
  /** How long the first lookup waits for company. */
  windowMs?: number;
  maxBatch?: number;
}

/** Said in the details panel; the renderer asks again when the service answers. */
const NOT_CACHED_OFFLINE = 'This address was never looked up, so it is not in the cache; it is looked up when the service answers';

interface Waiting {
  point: LatLng;
  promise: Promise<Address>;
  resolve: (a: Address) => void;
  reject: (e: unknown) => void;
}

const toAddress = (r: GeocodeResult, cached: boolean): Address => ({
  address: r.Address ?? null,
  street: r.Street ?? null,
  error: r.Error ?? null,
  cached,
});

export class Geocoder {
  private queue: Waiting[] = [];
  private readonly byKey = new Map<string, Waiting>();
  private timer: NodeJS.Timeout | null = null;
  private readonly windowMs: number;
  private readonly maxBatch: number;

  constructor(private readonly o: GeocoderOptions) {
    this.windowMs = o.windowMs ?? 50;
    this.maxBatch = o.maxBatch ?? 100;
    o.signal.addEventListener('abort', () => this.abandon(), { once: true });
  }

  lookup(lat: number, lng: number): Promise<Address> {
    if (this.o.signal.aborted) return Promise.reject(new FleetError('unauthorized', 'The connection was closed'));
    const hit = this.o.cache.geocode.get(lat, lng);
    if (hit) return Promise.resolve(toAddress(hit, true));
    if (this.o.isOffline?.()) return Promise.reject(new FleetError('offline', NOT_CACHED_OFFLINE));
    const key = geocodeKey(lat, lng).join(',');
    const same = this.byKey.get(key);
    if (same) return same.promise;
    let resolve!: (a: Address) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<Address>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const w: Waiting = { point: { lat, lng }, promise, resolve, reject };
    this.byKey.set(key, w);
    this.queue.push(w);
    if (this.queue.length >= this.maxBatch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    return promise;
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length > 0) void this.send(this.queue.splice(0, this.maxBatch));
  }

  private async send(batch: Waiting[]): Promise<void> {
    const points = batch.map((w) => w.point);
    try {
      const results = await this.o.reverse(
        points.map((p) => ({ Latitude: p.lat, Longitude: p.lng })),
        this.o.signal,
      );
      if (!this.o.signal.aborted) this.o.cache.geocode.putMany(points, results);
      batch.forEach((w, i) => w.resolve(toAddress(results[i]!, false)));
    } catch (e) {
      // Not cached: a network failure says nothing about the coordinate.
      batch.forEach((w) => w.reject(e));
    } finally {
      for (const w of batch) this.byKey.delete(geocodeKey(w.point.lat, w.point.lng).join(','));
    }
  }

  private abandon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const closed = new FleetError('unauthorized', 'The connection was closed');
    for (const w of this.queue.splice(0)) w.reject(closed);
    this.byKey.clear();
  }
}
