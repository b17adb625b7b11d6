/**
 * startSimulator: a complete, deterministic fleet service on a loopback port, with test
 * hooks (faults, write log, outage by stopping and restarting the listener).
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Faults } from './faults';
import { errorToResponse, handleApi, Router, sendError } from './http/server';
import { handleControl, listenControl } from './http/sim-control';
import { allRoutes } from './routes';
import { FEED_BACKFILL_MS } from './routes/event-list';
import { localDay } from './motion/plan';
import { DEFAULTS, Sim, type SimOptions } from './sim';
import type { WriteLogEntry } from './writelog';

export type { Faults } from './faults';
export type { WriteLogEntry } from './writelog';
export { EventBit } from './world/generate';

export interface StartOptions {
  /** 0 = ephemeral (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  seed?: number;
  objects?: number;
  tokenTtlS?: number;
  historyMaxDays?: number;
  historyHz?: number;
  dense?: number;
  commandDelayMs?: number;
  /** Names, event texts and addresses from the hostile-text corpus (world/hostile.ts): for the console's escaping tests. */
  hostileNames?: boolean;
  now?: () => number;
  /** 'deployed': answer like the deployed servers do (simulator/deployed/shapes.ts). */
  shapes?: 'documented' | 'deployed';
  /**
   * Port of the control listener, which serves only /__sim/ and stays open through an
   * outage (0 = ephemeral, the default). The api port serves /__sim/ too while it is open.
   */
  controlPort?: number;
  /**
   * Where the default clock starts against the real one, ms (negative: behind); `POST
   * /__sim/clock {"offsetMs"}` moves it, so a bench can let an outage last ten simulated
   * minutes without waiting ten. Ignored with `now`.
   */
  clockOffsetMs?: number;
}

export interface SimulatorHandle {
  /** e.g. http://127.0.0.1:PORT (without /api). */
  baseUrl: string;
  port: number;
  /** e.g. http://127.0.0.1:PORT of the control listener: /__sim/ only, reachable during an outage. */
  controlUrl: string;
  controlPort: number;
  close(): Promise<void>;
  setFaults(patch: Partial<Faults>): Faults;
  clearFaults(): Faults;
  writeLog(): WriteLogEntry[];
  clearWriteLog(): void;
  /** Stop accepting connections and drop open ones (an outage: connection refused). */
  stopListening(): Promise<void>;
  /** Listen again on the same port (recovery). */
  startListening(): Promise<void>;
  /** Whether the port is currently listening. */
  listening(): boolean;
  /** A token for a login without HTTP (tests). */
  tokenFor(login: string): Promise<string>;
  /** The simulator's state, for white-box checks in tests. */
  sim: Sim;
}

/**
 * Build today's plans and the feed window's events in small slices after start, so the
 * first big status and feed calls are fast; the event loop stays free between slices.
 */
function warmPlans(sim: Sim): void {
  const ids = [...sim.world.objects.keys()];
  let i = 0;
  const step = (): void => {
    const now = sim.now();
    for (const end = Math.min(ids.length, i + 500); i < end; i++) {
      const id = ids[i]!;
      const m = sim.world.motion[id];
      if (!m || m.neverReported) continue;
      for (let d = Math.max(m.firstDay, localDay(m, sim.startTime - FEED_BACKFILL_MS)); d <= localDay(m, now); d++) {
        sim.events.forPlan(sim.tracker.plans.get(id, d));
      }
      sim.tracker.lastFix(id, now);
    }
    if (i < ids.length) setImmediate(step);
  };
  setImmediate(step);
}

export async function startSimulator(opts: StartOptions = {}): Promise<SimulatorHandle> {
  const host = opts.host ?? '127.0.0.1';
  let clockOffsetMs = opts.clockOffsetMs ?? 0;
  const options: SimOptions = {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(opts).filter(([k, v]) => v !== undefined && k !== 'port' && k !== 'host' && k !== 'controlPort' && k !== 'clockOffsetMs')),
    now: opts.now ?? (opts.clockOffsetMs !== undefined ? () => Date.now() + clockOffsetMs : Date.now),
  } as SimOptions;
  if (!Number.isInteger(options.objects) || options.objects < 1) throw new Error('objects must be an integer >= 1');
  const sim = new Sim(options);
  if (!opts.now && opts.clockOffsetMs !== undefined) sim.setClockOffset = (ms) => ((clockOffsetMs = ms), true);
  const router = new Router(allRoutes());
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = opts.port ?? 0;
  let outageTimer: NodeJS.Timeout | undefined;

  // Every change of the faults over HTTP lands here, so an outage ends by its timer, by
  // DELETE /__sim/faults or by a POST with another outage, whichever comes first.
  const onOutage = (f: Faults): void => {
    if (outageTimer) clearTimeout(outageTimer);
    outageTimer = undefined;
    if (f.outage === 'refuse') {
      void stop().then(() => {
        if (f.outageMs > 0) {
          outageTimer = setTimeout(() => {
            sim.faults.set({ outage: 'none' });
            void listen();
          }, f.outageMs);
        }
      });
      return;
    }
    if (!server) void listen();
    if (f.outage === 'reset' && f.outageMs > 0) {
      outageTimer = setTimeout(() => sim.faults.set({ outage: 'none' }), f.outageMs);
    }
  };

  const make = (): Server => {
    const s = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname;
      const api = path.startsWith('/api/') || path === '/api';
      const timing = api ? sim.served.start(req.method ?? 'GET', path) : null;
      if (timing) res.once('finish', timing.finished);
      const run = path.startsWith('/__sim/')
        ? handleControl(sim, req, res, path, onOutage)
        : api
          ? handleApi(sim, router, req, res, url, timing?.handled)
          : Promise.resolve(sendError(res, 404, 'Not found: the fleet service lives under /api/'));
      run.catch((e: unknown) => errorToResponse(res, e));
    });
    s.keepAliveTimeout = 5000;
    s.on('connection', (sock) => {
      sockets.add(sock);
      sock.on('close', () => sockets.delete(sock));
    });
    return s;
  };

  // Concurrent calls (a timer and a DELETE at once) share one attempt.
  let listening: Promise<void> | undefined;
  const listen = (): Promise<void> =>
    (listening ??= new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const s = make();
      s.once('error', reject);
      s.listen(port, host, () => {
        const addr = s.address();
        if (addr && typeof addr === 'object') port = addr.port;
        server = s;
        resolve();
      });
    }).finally(() => {
      listening = undefined;
    }));

  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
      for (const sock of sockets) sock.destroy();
    });

  await listen();
  const control = await listenControl(sim, host, opts.controlPort ?? 0, onOutage);
  warmPlans(sim);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    baseUrl: `http://${shownHost}:${port}`,
    port,
    controlUrl: `http://${shownHost}:${control.port}`,
    controlPort: control.port,
    sim,
    close: async () => {
      if (outageTimer) clearTimeout(outageTimer);
      await Promise.all([stop(), control.close()]);
    },
    setFaults: (patch) => sim.faults.set(patch),
    clearFaults: () => sim.faults.clear(),
    writeLog: () => sim.log.list(),
    clearWriteLog: () => sim.log.clear(),
    stopListening: stop,
    startListening: async () => {
      if (!server) await listen();
    },
    listening: () => server !== undefined,
    tokenFor: async (login) => {
      const u = sim.world.users.find((x) => x.Login === login);
      if (!u) throw new Error(`no user ${login}`);
      return sim.auth.issue(u);
    },
  };
}
