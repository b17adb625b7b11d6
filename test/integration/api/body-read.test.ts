import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinChunks, readBounded } from '../../../main/core/api/body-limits';

/**
 * How a body is read off a real socket (127.0.0.1): a declared length into one buffer that
 * owns its bytes (nothing joins it again), anything else as the chunks it came in.
 */
describe('readBounded', () => {
  let server: Server;
  let base: string;
  const body = new TextEncoder().encode(JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ Id: i, Name: `Dodávka ${i} — Plzeň` }))));
  const pieces = (n: number) => Array.from({ length: n }, (_, i) => body.subarray(Math.floor((i * body.length) / n), Math.floor(((i + 1) * body.length) / n)));

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const declared = req.url !== '/chunked';
      const gzip = req.url === '/gzip';
      const payload = gzip ? gzipSync(body) : body;
      res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(payload.length) } : {}), ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      // In several writes with pauses between them: the client sees several chunks.
      for (const p of gzip ? [payload] : pieces(8)) {
        res.write(p);
        await new Promise((r) => setTimeout(r, 5));
      }
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const bound = { endpoint: 'GET /api/Objects', maxBytes: 64 * 1024 * 1024, maxDepth: 64 };

  it('reads a body of a declared length into one buffer of its own', async () => {
    const chunks = await readBounded(await fetch(`${base}/declared`), bound);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.buffer.byteLength).toBe(body.length);
    expect(chunks[0]).toEqual(body);
  });

  it('reads a body without a length, or with a content coding, as its chunks', async () => {
    const chunked = await readBounded(await fetch(`${base}/chunked`), bound);
    expect(chunked.length).toBeGreaterThan(1);
    expect(joinChunks(chunked)).toEqual(body);
    // The declared length is the compressed one's: the decoded body is longer, and all of it is read.
    const gzipped = await readBounded(await fetch(`${base}/gzip`), bound);
    expect(joinChunks(gzipped)).toEqual(body);
  });

  it('still stops at the byte limit', async () => {
    await expect(readBounded(await fetch(`${base}/chunked`), { ...bound, maxBytes: 100_000 })).rejects.toThrow(/larger than/);
  });
});
