import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FleetError } from '../../../common/errors';
import { memorySettings } from '../../../main/core/seams/settings';
import { TileCache, createTileService, tileUrl } from '../../../main/core/tiles';
import { workerTileLoader } from '../../../main/core/tiles/worker';
import { WORKER } from '../history/harness';
import { startTileServer, type TileServer } from './tile-server';

let dir: string;
let server: TileServer | null;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fleet-tiles-'));
  server = await startTileServer();
});
afterEach(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('tile service against a loopback tile server', () => {
  it('serves a tile seen once again with the tile server stopped', async () => {
    const tiles = createTileService({ dataDir: dir, settings: memorySettings({ tileUrl: server!.template }), freshMs: 0 });
    const template = server!.template;
    const first = await tiles.get(5, 17, 10);
    expect(first.cached).toBe(false);
    expect(first.contentType).toBe('image/png');
    expect(server!.requests).toEqual(['/5/17/10.png']);
    await server!.close();
    server = null;
    const again = await tiles.get(5, 17, 10);
    expect(again.cached).toBe(true);
    expect(Buffer.from(again.data).equals(Buffer.from(first.data))).toBe(true);
    // A tile never seen cannot be invented: a clear offline error, and the map shows its bundled world.
    await expect(tiles.get(5, 18, 10)).rejects.toMatchObject({ code: 'offline' });
    tiles.close();
    // And it survives a restart: the cache is a file of the data folder, keyed by source.
    const reopened = createTileService({ dataDir: dir, settings: memorySettings({ tileUrl: template }), freshMs: 0 });
    expect((await reopened.get(5, 17, 10)).cached).toBe(true);
    reopened.setUrl('http://127.0.0.1:9/{z}/{x}/{y}.png');
    await expect(reopened.get(5, 17, 10)).rejects.toBeInstanceOf(FleetError);
    reopened.close();
  });

  it('tells a page opened now whether the source failed the last tile it was asked for', async () => {
    const tiles = createTileService({ dataDir: dir, settings: memorySettings({ tileUrl: server!.template }), freshMs: 0 });
    expect(tiles.config().sourceDown).toBe(false);
    await tiles.get(5, 17, 10);
    const port = server!.port;
    await server!.close();
    server = null;
    // A tile the cache holds says nothing of the source (it was served stale, the network failing).
    expect((await tiles.get(5, 17, 10)).cached).toBe(true);
    await expect(tiles.get(5, 18, 10)).rejects.toMatchObject({ code: 'offline' });
    expect(tiles.config().sourceDown).toBe(true);
    server = await startTileServer(port);
    expect((await tiles.get(5, 18, 10)).cached).toBe(false);
    expect(tiles.config().sourceDown).toBe(false);
    tiles.close();
  });

  it('answers fresh tiles from the cache without asking the network, and coalesces concurrent requests', async () => {
    const tiles = createTileService({ dataDir: dir, settings: memorySettings({ tileUrl: server!.template }) });
    await Promise.all([tiles.get(3, 1, 2), tiles.get(3, 1, 2), tiles.get(3, 1, 2)]);
    await tiles.get(3, 1, 2);
    expect(server!.requests).toEqual(['/3/1/2.png']);
    tiles.close();
  });

  it('keeps tiles of one source apart from another', async () => {
    const settings = memorySettings({ tileUrl: server!.template });
    const tiles = createTileService({ dataDir: dir, settings });
    const a = tiles.config().version;
    await tiles.get(2, 1, 1);
    const other = await startTileServer();
    tiles.setUrl(other.template);
    expect(tiles.config().version).not.toBe(a);
    await tiles.get(2, 1, 1);
    expect(other.requests).toEqual(['/2/1/1.png']);
    await other.close();
    expect(() => tiles.setUrl('file:///etc/passwd')).toThrow();
    expect(tiles.setUrl(null).url).toMatch(/^https:\/\/tile\.openstreetmap\.org/);
    tiles.close();
  });

  it('fetches only what the template says, with z/x/y as integers', () => {
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}.png', 3, 4, 5)).toBe('https://a.tiles.example/3/4/5.png');
  });
});

describe('tile cache bound', () => {
  it('evicts the least recently used tiles past its size', () => {
    let t = 1_000_000;
    const cache = new TileCache(join(dir, 'lru.sqlite'), 10_000, () => t);
    const blob = Buffer.alloc(1000, 7);
    for (let i = 0; i < 9; i++) {
      t += 120_000;
      cache.put(`k${i}`, blob, 'image/png');
    }
    // k0 read again: now the most recent.
    t += 120_000;
    expect(cache.get('k0')).toBeDefined();
    t += 120_000;
    cache.put('k9', blob, 'image/png');
    t += 120_000;
    cache.put('k10', blob, 'image/png');
    expect(cache.size.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('k0')).toBeDefined();
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k10')).toBeDefined();
    cache.close();
  });

  it('writes tiles in batches, and what was put just before closing is on disk', () => {
    const file = join(dir, 'batch.sqlite');
    const cache = new TileCache(file, 1_000_000);
    cache.put('a', Buffer.from([1, 2, 3]), 'image/png');
    cache.put('b', Buffer.from([4]), 'image/png');
    // Readable at once, before any write.
    expect(cache.get('a')?.data).toEqual(Buffer.from([1, 2, 3]));
    cache.close();
    const again = new TileCache(file, 1_000_000);
    expect(again.get('a')?.data).toEqual(Buffer.from([1, 2, 3]));
    expect(again.get('b')?.contentType).toBe('image/png');
    expect(again.size).toEqual({ bytes: 4, tiles: 2 });
    again.close();
  });

  it('follows no redirect and refuses a body too large to be a tile', async () => {
    const asked: string[] = [];
    const odd = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/1/0/0.png') res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere.png' }).end();
      else res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(5 * 1024 * 1024, 1));
    });
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r));
    try {
      const port = (odd.address() as AddressInfo).port;
      const tiles = createTileService({ dataDir: dir, settings: memorySettings({ tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png` }) });
      await expect(tiles.get(1, 0, 0)).rejects.toMatchObject({ code: 'server_error', message: expect.stringContaining('302') });
      await expect(tiles.get(1, 1, 0)).rejects.toMatchObject({ code: 'server_error', message: expect.stringContaining('4 MB') });
      expect(asked).toEqual(['/1/0/0.png', '/1/1/0.png']);
      tiles.close();
    } finally {
      odd.closeAllConnections();
      await new Promise<void>((r) => odd.close(() => r()));
    }
  });

  it('in its worker thread serves the same tiles, and writes its last batch before the thread stops', async () => {
    const template = server!.template;
    const loader = workerTileLoader(WORKER, dir);
    const tiles = createTileService({ dataDir: dir, settings: memorySettings({ tileUrl: template }), loader });
    const first = await tiles.get(4, 3, 2);
    expect(first.cached).toBe(false);
    expect(first.data).toBeInstanceOf(Uint8Array);
    const again = await tiles.get(4, 3, 2);
    expect(again.cached).toBe(true);
    expect(Buffer.from(again.data).equals(Buffer.from(first.data))).toBe(true);
    expect(server!.requests).toEqual(['/4/3/2.png']);
    await tiles.get(4, 5, 6);
    await server!.close();
    server = null;
    // Errors cross the thread with their code.
    await expect(tiles.get(4, 9, 9)).rejects.toMatchObject({ code: 'offline' });
    // Closed right after a new tile: that tile is on disk, served offline by a loader in this thread.
    await tiles.close();
    await expect(tiles.get(4, 3, 2)).rejects.toThrow(/closed/);
    const here = createTileService({ dataDir: dir, settings: memorySettings({ tileUrl: template }) });
    expect((await here.get(4, 5, 6)).cached).toBe(true);
    await here.close();
  });
});
