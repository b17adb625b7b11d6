/** Shared by the offline-first core tests: a core on a data folder, RPC calls, a counting proxy. */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatorHandle, WriteLogEntry } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import type { Connection } from '../../../main/core/connection/open';
import type { SettingsStore } from '../../../main/core/seams/settings';
import type { Vault } from '../../../main/core/seams/vault';

export function makeCore(dataDir: string, vault: Vault, settings: SettingsStore): Core {
  return createCore({ dataDir, vault, settings, log: () => {} });
}

export async function call<T = Record<string, unknown>>(core: Core, name: string, args: unknown = {}): Promise<T> {
  const r = await core.dispatcher.dispatch({ id: 1, name, args });
  if (r.type === 'error') throw Object.assign(new Error(`${name}: ${r.error.code} ${r.error.message}`), { code: r.error.code });
  return r.result as T;
}

/** Waits (bounded) until `ok` holds. */
export async function until(ok: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The error a call ends with ({code, message}), or a failure when it succeeds. */
export async function callError(core: Core, name: string, args: unknown = {}): Promise<{ code: string; message: string }> {
  const r = await core.dispatcher.dispatch({ id: 1, name, args });
  if (r.type !== 'error') throw new Error(`${name} succeeded, an error was expected`);
  return r.error;
}

/** The open connection's services (tests drive polls and replays through it). */
export const services = (core: Core): Connection => core.session.current();

/** Signs in to `baseUrl` as a saved profile with the password remembered, so a restart resumes offline. */
export async function signIn(core: Core, baseUrl: string, login = 'demo'): Promise<void> {
  await core.start();
  await call(core, 'session/signIn', { baseUrl, login, password: login, remember: true });
}

/** Event ids in the bodies of POST /api/Events/ack the service applied, with repetitions. */
export function ackedInLog(log: WriteLogEntry[]): number[] {
  return log.filter((e) => e.method === 'POST' && e.path === '/api/Events/ack').flatMap((e) => e.body as number[]);
}

export function countBy(ids: number[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
}

/** Delivers the outbox; bounded, since each round either empties it or records a failure. */
export async function drainOutbox(core: Core, rounds = 20): Promise<void> {
  const s = services(core);
  for (let i = 0; i < rounds && s.cache.outbox.counts().pending > 0; i++) await s.outbox.flush();
}

export type SimLike = Pick<SimulatorHandle, 'port'>;

export interface Proxy {
  baseUrl: string;
  /** Requests seen, as "METHOD /path", with their JSON bodies. */
  seen: { key: string; body: unknown }[];
  /** Answer some requests itself (status, JSON body) instead of forwarding them. */
  override: ((key: string, body: unknown) => { status: number; body: unknown } | undefined) | null;
  /** Holds a forwarded answer this many ms before sending it (null or 0: at once). */
  holdMs: ((key: string) => number) | null;
  /** Forwarded requests: when each came and when its answer was sent whole (performance.now()). */
  answered: { key: string; from: number; till: number }[];
  close(): Promise<void>;
}

/** A real HTTP proxy on 127.0.0.1 in front of the simulator: counts requests, can refuse some. */
export async function startProxy(target: SimLike): Promise<Proxy> {
  const p: Proxy = { baseUrl: '', seen: [], override: null, holdMs: null, answered: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const from = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const key = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      let body: unknown = null;
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : null;
      } catch {
        body = raw.toString('utf8');
      }
      p.seen.push({ key, body });
      const own = p.override?.(key, body);
      if (own) {
        res.writeHead(own.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(own.body));
        return;
      }
      const fwd = httpRequest(
        { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          setTimeout(() => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
            res.on('finish', () => p.answered.push({ key, from, till: performance.now() }));
          }, p.holdMs?.(key) ?? 0);
        },
      );
      fwd.on('error', () => res.destroy());
      fwd.end(raw);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  p.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  p.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return p;
}

/**
 * A simulator clock in the working day ahead (14:00 UTC today or tomorrow), running at
 * real speed: the fleet drives and raises events then. Ahead, never behind, so the tokens
 * it issues are not already expired by the real clock.
 */
export function daytimeClock(): () => number {
  const day = 86_400_000;
  const t0 = Date.now();
  let base = Math.floor(t0 / day) * day + 14 * 3_600_000;
  if (base < t0) base += day;
  return () => base + (Date.now() - t0);
}
