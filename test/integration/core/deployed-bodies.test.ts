import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { createHttp, type Http } from '../../../main/core/api/http';
import { openCache, type Cache } from '../../../main/core/cache';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { createConnectivity } from '../../../main/core/sync/connectivity';
import { OBJECTS_ENDPOINT, STATUS_ENDPOINT, workerIngestor, type Ingestor } from '../../../main/core/sync/ingest';
import type { PollBody } from '../../../main/core/sync/poll-body';
import { createLiveSync } from '../../../main/core/sync/live-sync';
import { EVENTS_BODIES, EXPECTED_POSITIONS, OBJECTS_BODIES, PROFILE_BODIES, RESET, STATUS_BODIES, T } from './deployed-corpus';
import { WORKER } from '../../support/worker-entry';

/**
 * Deployed-server bodies (deployed-corpus.ts) served over real HTTP on 127.0.0.1, fetched and
 * kept by the ingest worker (its held-body fetch), decoded there and stored in a real cache
 * file: the path a status poll takes in the app.
 */
describe('deployed-server bodies through the worker into the cache', () => {
  let server: Server;
  let baseUrl: string;
  const answers = new Map<string, string>();
  let cache: Cache;
  let ingestor: Ingestor;
  let http: Http;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = answers.get(req.url ?? '');
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body ?? '{"Message":"no such body"}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    cache = openCache({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-deployed-')), baseUrl, login: 'demo' });
    ingestor = workerIngestor(WORKER, cache.file);
    http = createHttp({ baseUrl, getToken: async () => 'token', retries: 0, fetchImpl: ingestor.fetch! });
  });
  afterAll(async () => {
    await ingestor?.close();
    cache?.close();
    await new Promise((r) => server?.close(r));
  });

  /** Serves `text` at `path` and fetches it as the poll clients do: the worker keeps the body. */
  let n = 0;
  async function held(path: string, text: string, endpoint: string): Promise<PollBody> {
    const url = `${path}?n=${++n}`;
    answers.set(url, text);
    return http.request<PollBody>({ method: 'GET', path: url, endpoint, responseType: 'raw', parse: (b) => b as PollBody });
  }

  for (const [quirk, body] of Object.entries(STATUS_BODIES)) {
    it(`ObjectsStatus with ${quirk}: every position lands`, async () => {
      const at = Date.now();
      await ingestor.status(await held('/api/ObjectsStatus', body, STATUS_ENDPOINT), at);
      await ingestor.written();
      for (const expected of EXPECTED_POSITIONS) expect(cache.status.position(expected.ObjectId)).toMatchObject(expected);
      // The element no repair could read is dropped, not guessed at.
      expect(cache.status.position(104)).toBeUndefined();
      expect(cache.status.fetchedAt()).toBe(at);
    });
  }

  for (const [quirk, body] of Object.entries(OBJECTS_BODIES)) {
    it(`Objects with ${quirk}: every object lands with numbers as numbers`, async () => {
      await ingestor.objects(await held('/api/Objects', body, OBJECTS_ENDPOINT), Date.now());
      await ingestor.written();
      expect(cache.objects.list().map((o) => [o.Id, o.Name, o.GroupIds])).toEqual([
        [101, 'Van 101', [1, 2]],
        [102, 'Truck 102', [1, 2]],
        [103, 'Car 103', [1, 2]],
      ]);
      expect(cache.objects.sensorsOf(101)).toMatchObject([{ Id: 1011, Name: 'Ignition', DataType: 1 }]);
    });
  }

  for (const [quirk, body] of Object.entries(PROFILE_BODIES)) {
    it(`Profile with ${quirk}: the profile lands`, async () => {
      const at = Date.now();
      await ingestor.profile(await held('/api/Profile', body, 'GET /api/Profile'), at);
      const stored = cache.profile.get();
      expect(stored?.fetchedAt).toBe(at);
      expect(stored?.profile.ServerTime).toBe(T);
      expect(stored?.profile.Geozones).toEqual([]);
      // Its objects are decoded with it (a broken one refuses the profile) but stored once, as the list's.
      expect(stored?.profile.Objects).toEqual([]);
    });
  }

  for (const [quirk, body] of Object.entries(EVENTS_BODIES)) {
    it(`Events with ${quirk}: the unacknowledged events land`, async () => {
      const feed = await held('/api/Events/feed', body, 'GET /api/Events/feed');
      const all = await held('/api/Events', body, 'GET /api/Events');
      await ingestor.events('feed', feed, Date.now());
      await ingestor.events('all', all, Date.now());
      const stored = cache.events.unacknowledged().map((s) => s.event);
      expect(stored.find((e) => e.Id === 9001)).toMatchObject({ ObjectId: 101, Time: T, Type: 4, Status: 0, Text: 'Speeding 97 km/h' });
      const second = stored.find((e) => e.Id === 9002);
      expect(second).toMatchObject({ ObjectId: 103, Time: T, Type: 4, Status: 2 });
      if (body.includes('resetTime')) expect(second?.ResetTime).toBe(RESET);
    });
  }
});

/** A body no repair can read is the connection's visible problem, not a silent "Online". */
describe('an unreadable status body', () => {
  it('keeps the connection unstable, naming the endpoint, until the status itself is read again', async () => {
    let status = '{"points" "x" :: [}';
    const server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url === '/api/Objects' ? OBJECTS_BODIES['a dangling comma'] : status);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cache = openCache({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-unreadable-')), baseUrl, login: 'demo' });
    const ingestor = workerIngestor(WORKER, cache.file);
    try {
      const http = createHttp({ baseUrl, getToken: async () => 'token', retries: 0, fetchImpl: ingestor.fetch! });
      const body = (path: string, endpoint: string) => http.request<PollBody>({ method: 'GET', path, endpoint, responseType: 'raw', parse: (b) => b as PollBody });
      const states: ConnectivityState[] = [];
      const connectivity = createConnectivity((s) => states.push(s));
      const unused = () => Promise.reject(new Error('not used by this test'));
      const sync = createLiveSync({
        api: { listObjectsBody: () => body('/api/Objects', OBJECTS_ENDPOINT), getObjectsStatusBody: () => body('/api/ObjectsStatus', STATUS_ENDPOINT), profileBody: unused, reference: [] },
        cache,
        ingestor,
        bus: createPushBus(),
        connectivity,
        statusPollMs: () => 60_000,
        objectsRefreshMs: () => 600_000,
      });

      await expect(sync.pollStatus()).rejects.toThrow("The service's answer could not be read: GET /api/ObjectsStatus");
      // Another poll answering well is not the status answering: the problem stays on screen.
      await sync.refreshObjects();
      expect(connectivity.state().state).toBe('degraded');
      expect(connectivity.state().lastError).toContain("The service's answer could not be read: GET /api/ObjectsStatus");
      expect(states.at(-1)?.lastGood.objects).toBeGreaterThan(0);

      status = STATUS_BODIES['a doubled comma']!;
      await sync.pollStatus();
      expect(connectivity.state()).toMatchObject({ state: 'online', lastError: null });
      await ingestor.written();
      expect(cache.status.position(101)).toMatchObject({ Lat: 55.75222, Speed: 43.5 });
    } finally {
      await ingestor.close();
      cache.close();
      await new Promise((r) => server.close(r));
    }
  });
});
