import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTileService } from '../../../main/core/tiles';
import { memorySettings } from '../../../main/core/seams/settings';

describe('tile cache file that is not a database', () => {
  let server: Server;
  let template = '';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from([1, 2, 3]));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    template = `http://127.0.0.1:${(server.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
  });

  it('is kept aside and a fresh cache serves tiles', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-tiles-damaged-'));
    writeFileSync(join(dir, 'tiles.sqlite'), 'not a database at all, '.repeat(100));
    const tiles = createTileService({ dataDir: dir, settings: memorySettings({ tileUrl: template }) });
    try {
      const t = await tiles.get(1, 0, 0);
      expect([...t.data]).toEqual([1, 2, 3]);
      const aside = readdirSync(dir).filter((f) => f.startsWith('tiles.sqlite.damaged-'));
      expect(aside).toHaveLength(1);
      expect(readFileSync(join(dir, aside[0]!), 'utf8')).toMatch(/^not a database/);
    } finally {
      await tiles.close();
    }
  });
});
