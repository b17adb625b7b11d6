import { createServer, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFleetError } from '../../../common/errors';
import { bodyLimitsFrom } from '../../../main/core/api/body-limits';
import { createHttp, type Http } from '../../../main/core/api/http';
import { openCache, type Cache } from '../../../main/core/cache';
import { STATUS_ENDPOINT, workerIngestor, type Ingestor } from '../../../main/core/sync/ingest';
import type { PollBody } from '../../../main/core/sync/poll-body';
import { WORKER } from '../../support/worker-entry';

const MB = 1024 * 1024;
/** Each oversize answer would be 64 MB if it were read to the end. */
const HUGE = 64 * MB;

interface Served {
  requests: number;
  /** Bytes written before the client went away (or all of them). */
  sent: number;
  closedEarly: boolean;
}

/**
 * Answers that are too large or too deep, from a real server on 127.0.0.1, through the
 * client's own reads and through the ingest worker's held-body fetch. Limits are set low
 * (1 MB) through the same settings values the app reads.
 */
describe('bounded bodies', () => {
  let server: Server;
  let baseUrl: string;
  const served = new Map<string, Served>();
  let cache: Cache;
  let ingestor: Ingestor;
  const limits = bodyLimitsFrom({ fleet: 1, other: 1 }, 64);

  /** Streams `total` bytes of a JSON list in 64 KB chunks, with backpressure, until done or the client leaves. */
  function stream(res: ServerResponse, stat: Served, total: number, declare: boolean) {
    res.writeHead(200, { 'content-type': 'application/json', ...(declare ? { 'content-length': String(total) } : {}) });
    const chunk = Buffer.from(`${'1,'.repeat(32 * 1024)}`);
    res.on('close', () => (stat.closedEarly = stat.sent < total));
    const more = () => {
      if (stat.sent === 0) {
        res.write('[');
        stat.sent = 1;
      }
      while (stat.sent < total - chunk.length - 2 && !res.destroyed) {
        stat.sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      if (!res.destroyed) {
        stat.sent = total;
        res.end('1]');
      }
    };
    more();
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      const stat = served.get(req.url ?? '') ?? { requests: 0, sent: 0, closedEarly: false };
      served.set(req.url ?? '', stat);
      stat.requests++;
      if (path.endsWith('/huge')) return stream(res, stat, HUGE, false);
      if (path.endsWith('/declared')) return stream(res, stat, HUGE, true);
      if (path.endsWith('/deep')) return void res.end('{"points":' + '['.repeat(100) + ']'.repeat(100) + '}');
      if (path.endsWith('/deep-wrapped')) return void res.end(JSON.stringify('{"points":' + '['.repeat(100) + ']'.repeat(100) + '}'));
      if (path.endsWith('/fine')) return void res.end(`[${'{"Id":1,"ObjectId":2,"Time":3,"Type":4},'.repeat(10_000)}{"Id":1,"ObjectId":2,"Time":3,"Type":4}]`);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    cache = openCache({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-bounded-')), baseUrl, login: 'demo' });
    ingestor = workerIngestor(WORKER, cache.file);
  });
  afterAll(async () => {
    await ingestor?.close();
    cache?.close();
    await new Promise((r) => server?.close(r));
  });

  const client = (worker: boolean): Http =>
    createHttp({ baseUrl, getToken: async () => 'token', retries: 3, backoffBaseMs: 1, bodyLimits: limits, ...(worker ? { fetchImpl: ingestor.fetch! } : {}) });

  const failure = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (x: unknown) => x,
    );
    if (!isFleetError(e)) throw new Error(`expected a FleetError, got ${String(e)}`);
    return e;
  };

  let n = 0;
  const unique = (path: string) => `${path}?n=${++n}`;

  for (const where of ['in this thread', 'in the ingest worker'] as const) {
    const worker = where === 'in the ingest worker';

    it(`${where}: stops reading an answer over its family's limit, and does not ask again`, async () => {
      const path = unique(worker ? '/api/ObjectsStatus/huge' : '/api/Events/huge');
      const endpoint = worker ? STATUS_ENDPOINT : 'GET /api/Events';
      const e = await failure(client(worker).request({ method: 'GET', path, endpoint, responseType: worker ? 'raw' : 'json', parse: (b) => b }));
      expect(e.code).toBe('server_error');
      expect(e.message).toBe(`${endpoint}: the answer is larger than 1 MB`);
      const stat = served.get(path)!;
      // Refused once and for all: the same request would bring the same answer.
      expect(stat.requests).toBe(1);
      await expect.poll(() => stat.closedEarly).toBe(true);
      expect(stat.sent).toBeLessThan(HUGE / 2);
    });

    it(`${where}: refuses a declared Content-Length over the limit before reading`, async () => {
      const path = unique(worker ? '/api/Objects/declared' : '/api/Drivers/declared');
      const e = await failure(client(worker).request({ method: 'GET', path, endpoint: 'GET /api/X', responseType: worker ? 'raw' : 'json', parse: (b) => b }));
      expect(e.message).toBe('GET /api/X: the answer is larger than 1 MB');
      await expect.poll(() => served.get(path)!.closedEarly).toBe(true);
    });

    it(`${where}: refuses an answer nested deeper than the limit`, async () => {
      const path = unique(worker ? '/api/ObjectsStatus/deep' : '/api/Events/deep');
      const e = await failure(client(worker).request({ method: 'GET', path, endpoint: 'GET /api/Y', responseType: worker ? 'raw' : 'json', parse: (b) => b }));
      expect(e.code).toBe('server_error');
      expect(e.message).toBe('GET /api/Y: the answer is nested deeper than 64 levels');
      expect(served.get(path)!.requests).toBe(1);
    });
  }

  it('refuses a double-encoded answer whose inner JSON is too deep, through the worker into the ingest', async () => {
    const http = client(true);
    const body = await http.request<PollBody>({ method: 'GET', path: unique('/api/ObjectsStatus/deep-wrapped'), endpoint: STATUS_ENDPOINT, responseType: 'raw', parse: (b) => b as PollBody });
    await expect(ingestor.status(body, Date.now())).rejects.toThrow(`${STATUS_ENDPOINT}: the answer is nested deeper than 64 levels`);
  });

  it('reads an ordinary answer under the limits as before', async () => {
    const list = await client(false).request({ method: 'GET', path: unique('/api/Events/fine'), endpoint: 'GET /api/Events', parse: (b) => b as unknown[] });
    expect(list).toHaveLength(10_001);
  });
});
