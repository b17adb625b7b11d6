import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openCache, type Cache, type OpenCacheOptions } from '../../../main/core/cache';

/** A fresh temp folder per test, removed afterwards, with every cache opened in it closed. */
export function useTempCaches() {
  const dirs: string[] = [];
  const caches: Cache[] = [];
  afterEach(() => {
    for (const c of caches.splice(0)) c.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return {
    tempDir(): string {
      const d = mkdtempSync(join(tmpdir(), 'fleet-cache-'));
      dirs.push(d);
      return d;
    },
    open(opts: Partial<OpenCacheOptions> & { dataDir: string }): Cache {
      const c = openCache({ baseUrl: 'https://fleet.example.com', login: 'alice', ...opts });
      caches.push(c);
      return c;
    },
  };
}
