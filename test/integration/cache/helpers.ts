import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { depthTracker, type TopContainers } from '../../../main/core/api/body-limits';
import { openCache, type Cache, type OpenCacheOptions } from '../../../main/core/cache';
import type { SpooledBody } from '../../../main/core/workers/fetch';

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

/** As a body comes off the socket: chunks of `size` bytes, whose edges fall inside multi-byte characters. */
export function chunked(text: string, size = 1001): Uint8Array[] {
  const b = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < b.length; i += size) out.push(b.slice(i, i + size));
  return out;
}

/** A status as the ingest worker's fetch spools it (workers/fetch.ts): a file in `dir`, where its top-level arrays lie noted by the depth check as it arrived. */
export function spooledStatus(dir: string, text: string): SpooledBody {
  const file = join(dir, 'status.json');
  writeFileSync(file, text);
  const tops: TopContainers = { at: [], overflow: false };
  const depth = depthTracker(64, tops);
  for (const c of chunked(text)) depth.feed(c);
  return { spooled: file, bytes: Buffer.byteLength(text), tops: tops.at };
}
