/**
 * Base-map tiles for both hosts: fetched by the main side from the configured source
 * only, kept in a bounded local cache, and served again from it when the network is
 * gone, so areas seen before still show offline. Browser mode serves them on the host's
 * /tiles route, Electron on the fleet-tile: scheme; both call `get`.
 */
import { createHash } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import { FleetError } from '../../../common/errors';
import { DEFAULT_TILE_URL, TileUrlSchema, type TileImage, type TilesConfig } from '../../../common/methods/tiles';
import type { SettingsStore } from '../seams/settings';
import { setAsideCache, unusableReason } from '../cache/recover';
import { TileCache } from './tile-cache';

export { TileCache } from './tile-cache';

/** The seam to the network: one GET, no cookies, no redirects to other hosts. */
export type TileFetcher = (url: string, signal: AbortSignal) => Promise<{ status: number; contentType: string; body: Buffer }>;

/** OSM's tile policy asks for an identifying User-Agent; so would any other operator. */
export const TILE_USER_AGENT = 'FleetConsole/0.1 (fleet monitoring desktop console; tiles cached locally)';

/** Larger than any map tile: a body past it is not a tile. */
const MAX_TILE_BYTES = 4 * 1024 * 1024;

/**
 * One GET with Node's http client rather than fetch: a pan over unseen ground asks for tens
 * of tiles at once, and fetch's stream machinery cost 1–2 ms of the main thread per tile,
 * most of the host's stalls while panning. A redirect is answered as its status, never
 * followed (the cache then keeps what it had).
 */
export const defaultTileFetcher: TileFetcher = (url, signal) =>
  new Promise((resolve, reject) => {
    const u = new URL(url);
    const get = u.protocol === 'https:' ? httpsGet : u.protocol === 'http:' ? httpGet : null;
    if (!get) {
      reject(new Error(`Tile URLs are http or https, not ${u.protocol}`));
      return;
    }
    const req = get(u, { signal, headers: { 'user-agent': TILE_USER_AGENT, accept: 'image/png,image/jpeg,image/webp,image/*;q=0.8' } }, (res) => {
      const chunks: Buffer[] = [];
      let n = 0;
      res.on('data', (c: Buffer) => {
        n += c.length;
        if (n > MAX_TILE_BYTES) req.destroy(new FleetError('server_error', 'The tile source sent more than 4 MB for one tile'));
        else chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? 'image/png'), body: Buffer.concat(chunks, n) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });

export interface TileLoaderOptions {
  dataDir: string;
  fetcher?: TileFetcher;
  /** Bound of the cache file's tile bytes (default 256 MB). */
  maxBytes?: number;
  /** A cached tile younger than this is served without asking the network (default 7 days). */
  freshMs?: number;
  timeoutMs?: number;
  /** Concurrent requests to the tile source (OSM asks for few). */
  maxConcurrent?: number;
  now?: () => number;
}

/** Tiles of a given source template: the cache first, the network when stale or missing. */
export interface TileLoader {
  get(template: string, z: number, x: number, y: number): Promise<TileImage>;
  close(): Promise<void>;
}

export interface TileServiceOptions extends TileLoaderOptions {
  settings: SettingsStore;
  /** Where tiles are loaded (tiles/worker.ts: off the main thread); in this thread when absent. */
  loader?: TileLoader;
}

export interface TileService {
  config(): TilesConfig;
  setUrl(url: string | null): TilesConfig;
  get(z: number, x: number, y: number): Promise<TileImage>;
  close(): Promise<void>;
}

const versions = new Map<string, string>();
/** A short name of the tile source, keying its tiles in the cache (asked for on every tile). */
export function tileVersion(url: string): string {
  let v = versions.get(url);
  if (v === undefined) {
    v = createHash('sha256').update(url).digest('hex').slice(0, 10);
    if (versions.size > 16) versions.clear();
    versions.set(url, v);
  }
  return v;
}

/** The template with integers only in it: nothing from the renderer reaches the URL but z, x, y. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  const sub = 'abc'[(x + y) % 3]!;
  return template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y)).replaceAll('{s}', sub);
}

/**
 * A tile cache file SQLite cannot use is moved aside (`.damaged-<time>`) and a fresh one
 * started: its tiles are public and fetched again, so no notice; the copy is kept like
 * every other damaged file of the data folder.
 */
function openTileCache(file: string, maxBytes: number, now: () => number): TileCache {
  try {
    return new TileCache(file, maxBytes, now);
  } catch (e) {
    if (unusableReason(e) !== 'damaged') throw e;
    setAsideCache(file, 'damaged', e, now());
    return new TileCache(file, maxBytes, now);
  }
}

export function createTileLoader(o: TileLoaderOptions): TileLoader {
  const fetcher = o.fetcher ?? defaultTileFetcher;
  const now = o.now ?? Date.now;
  const freshMs = o.freshMs ?? 7 * 86_400_000;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const maxConcurrent = o.maxConcurrent ?? 4;
  let cache: TileCache | null = null;
  // Opened on first use: a console that never shows a map never creates the file.
  const db = () => (cache ??= openTileCache(join(o.dataDir, 'tiles.sqlite'), o.maxBytes ?? 256 * 1024 * 1024, now));
  const inflight = new Map<string, Promise<TileImage>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  const slot = async () => {
    if (running >= maxConcurrent) await new Promise<void>((r) => waiting.push(r));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };

  const load = async (template: string, key: string, z: number, x: number, y: number): Promise<TileImage> => {
    const hit = db().get(key);
    if (hit && now() - hit.fetchedAt < freshMs) return { data: hit.data, contentType: hit.contentType, cached: true };
    await slot();
    try {
      const res = await fetcher(tileUrl(template, z, x, y), AbortSignal.timeout(timeoutMs));
      if (res.status === 200 && res.contentType.startsWith('image/') && res.body.byteLength > 0) {
        db().put(key, res.body, res.contentType);
        return { data: res.body, contentType: res.contentType, cached: false };
      }
      if (hit) return { data: hit.data, contentType: hit.contentType, cached: true };
      throw new FleetError(res.status === 404 ? 'not_found' : 'server_error', `The tile source answered ${res.status}`);
    } catch (e) {
      if (e instanceof FleetError) throw e;
      // Offline or the source unreachable: a stale tile beats the bare world outline.
      if (hit) return { data: hit.data, contentType: hit.contentType, cached: true };
      throw new FleetError('offline', 'The tile source cannot be reached and this tile was never seen');
    } finally {
      release();
    }
  };

  return {
    get(template, z, x, y) {
      const key = `${tileVersion(template)}/${z}/${x}/${y}`;
      let p = inflight.get(key);
      if (!p) {
        p = load(template, key, z, x, y).finally(() => inflight.delete(key));
        inflight.set(key, p);
      }
      return p;
    },
    async close() {
      cache?.close();
      cache = null;
    },
  };
}

export function createTileService(o: TileServiceOptions): TileService {
  const loader = o.loader ?? createTileLoader(o);
  const currentUrl = () => {
    const u = o.settings.get('tileUrl');
    return typeof u === 'string' && TileUrlSchema.safeParse(u).success ? u : DEFAULT_TILE_URL;
  };
  // How the source answered the last tile it was asked for (a tile served from the cache says nothing).
  let sourceDown = false;
  const config = (): TilesConfig => {
    const url = currentUrl();
    return { url, defaultUrl: DEFAULT_TILE_URL, version: tileVersion(url), sourceDown };
  };
  return {
    config,
    setUrl(url) {
      o.settings.set('tileUrl', url === null ? DEFAULT_TILE_URL : TileUrlSchema.parse(url));
      sourceDown = false;
      return config();
    },
    get: (z, x, y) =>
      loader.get(currentUrl(), z, x, y).then(
        (tile) => {
          if (!tile.cached) sourceDown = false;
          return tile;
        },
        (e: unknown) => {
          // not_found: the source answered, it has no such tile.
          sourceDown = !(e instanceof FleetError && e.code === 'not_found');
          throw e;
        },
      ),
    close: () => loader.close(),
  };
}
