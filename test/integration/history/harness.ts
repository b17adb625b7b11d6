/**
 * A history loader wired to a real simulator over loopback and a real SQLite file in a
 * temp folder. Every POST /api/ObjectsHistory that leaves the client is recorded (window
 * and status) by a counting fetch, so tests count real requests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle, type StartOptions } from '../../../simulator';
import { signIn } from '../../../main/core/api/auth';
import { createApi, createHttp } from '../../../main/core/api';
import type { Http } from '../../../main/core/api/http';
import { openCache, type Cache } from '../../../main/core/cache';
import { HistoryService, type HistoryServiceOptions } from '../../../main/core/history';
import type { HistoryChunk, HistoryProgress } from '../../../common/methods/history';
import { WORKER } from '../../support/worker-entry';

export interface SentRequest {
  from: number;
  till: number;
  status: number | 'failed';
  /** Through the fetch the request brought (the history writer's), or the client's own. */
  via: 'request' | 'client';
}

export interface HistoryHarness {
  sim: SimulatorHandle;
  cache: Cache;
  /** The client the loader uses (token, retries), for a second service on the same cache. */
  api: ReturnType<typeof createApi>;
  loader: HistoryService;
  sent: SentRequest[];
  progress: HistoryProgress[];
  chunks: HistoryChunk[];
  close(): Promise<void>;
}


/** The worker entry run from sources, for the tests that start their own threads. */
export { WORKER };

/** Loads use the worker (as the apps do) unless `loader.worker` is set to undefined. */
export async function startHistoryHarness(
  o: { sim?: StartOptions; loader?: Partial<HistoryServiceOptions> } = {},
): Promise<HistoryHarness> {
  const sim = await startSimulator({ port: 0, seed: 7, objects: 5, historyHz: 0.05, ...o.sim });
  const dir = mkdtempSync(join(tmpdir(), 'fleet-history-'));
  const cache = openCache({ dataDir: dir, baseUrl: sim.baseUrl, login: 'demo' });
  let token = (await signIn(fetch, sim.baseUrl, 'demo', 'demo')).token as string | null;
  const sent: SentRequest[] = [];
  // Counts what goes out through any fetch: the client's own, or the one a request brings
  // (the history writer's worker fetches its windows itself).
  const counting =
    (through: typeof fetch, via: SentRequest['via']): typeof fetch =>
    async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const isHistory = url.endsWith('/api/ObjectsHistory');
    const body = isHistory && typeof init?.body === 'string' ? (JSON.parse(init.body) as { From: number; Till: number }) : null;
    try {
      const res = await through(input, init);
      if (body) sent.push({ from: body.From, till: body.Till, status: res.status, via });
      return res;
    } catch (e) {
      if (body) sent.push({ from: body.From, till: body.Till, status: 'failed', via });
      throw e;
    }
  };
  const client = createHttp({
    baseUrl: sim.baseUrl,
    getToken: async () => token,
    onUnauthorized: async () => {
      token = (await signIn(fetch, sim.baseUrl, 'demo', 'demo')).token;
      return true;
    },
    fetchImpl: counting(fetch, 'client'),
    // Retries of a refused connection need no real waiting here.
    sleep: async () => {},
  });
  const http: Http = { ...client, request: (r) => client.request(r.fetchImpl ? { ...r, fetchImpl: counting(r.fetchImpl, 'request') } : r) };
  const progress: HistoryProgress[] = [];
  const chunks: HistoryChunk[] = [];
  const api = createApi(http);
  const loader = new HistoryService({
    api,
    cache,
    bus: {
      emit: (name, payload) => {
        if (name === 'history/progress') progress.push(payload as HistoryProgress);
        if (name === 'history/chunk') chunks.push(payload as HistoryChunk);
      },
    },
    worker: WORKER,
    ...o.loader,
  });
  return {
    sim,
    cache,
    api,
    loader,
    sent,
    progress,
    chunks,
    close: async () => {
      loader.close();
      cache.close();
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const DAY = 86_400_000;
/** Object 2 of seed 7 has ~260 days of history, moving part of each day. */
export const OBJECT = 2;
