/**
 * Starts the simulator on an ephemeral 127.0.0.1 port and wires the real client to it:
 * signIn for the token, createHttp with single-flight re-sign-in, createApi.
 */
import type { TestContext } from 'vitest';
import { startSimulator, type SimulatorHandle, type StartOptions } from '../../../simulator';
import { signIn } from '../../../main/core/api/auth';
import { createHttp, type HttpOptions } from '../../../main/core/api/http';
import { createApi, type FleetApi } from '../../../main/core/api';

export interface Harness {
  sim: SimulatorHandle;
  api: FleetApi;
  /** Current token (tests may spoil it). */
  token: { value: string | null };
  /** Re-sign-ins performed by onUnauthorized. */
  signIns: { count: number };
  /** Backoff waits the client asked for, in ms. */
  sleeps: number[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  login?: string;
  sim?: StartOptions;
  http?: Partial<HttpOptions>;
  /** Called at each retry wait, before it (e.g. to clear a fault). */
  onSleep?: (ms: number) => void;
  /** Really wait (for Retry-After); default: waits are skipped. */
  realSleep?: boolean;
  /** Use this running simulator (not closed by close()). */
  reuse?: SimulatorHandle;
}

export async function startHarness(o: HarnessOptions = {}): Promise<Harness> {
  const sim = o.reuse ?? (await startSimulator({ port: 0, seed: 7, objects: 12, ...o.sim }));
  const login = o.login ?? 'demo';
  const first = await signIn(fetch, sim.baseUrl, login, login);
  const token = { value: first.token as string | null };
  const signIns = { count: 0 };
  const sleeps: number[] = [];
  const http = createHttp({
    baseUrl: sim.baseUrl,
    getToken: async () => token.value,
    onUnauthorized: async () => {
      signIns.count++;
      token.value = (await signIn(fetch, sim.baseUrl, login, login)).token;
      return true;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
      o.onSleep?.(ms);
      if (o.realSleep) await new Promise((r) => setTimeout(r, ms));
    },
    ...o.http,
  });
  return { sim, api: createApi(http), token, signIns, sleeps, close: async () => {
      if (!o.reuse) await sim.close();
    } };
}

/**
 * Skips the test when the simulator does not (yet) implement `method path`: its router
 * answers 404 "No such method" or 405 for a path it knows under another method.
 */
export async function needRoute(ctx: TestContext, h: Harness, method: string, path: string): Promise<void> {
  const res = await fetch(h.sim.baseUrl + path, {
    method,
    headers: { Authorization: `Bearer ${await h.sim.tokenFor('admin')}`, 'Content-Type': 'application/json' },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
  });
  const text = await res.text();
  // A GET of a literal path the simulator only knows as /{id} answers 400 (not an integer).
  if ((res.status === 404 && text.includes('No such method')) || res.status === 405 || (method === 'GET' && res.status === 400)) {
    ctx.skip(`simulator lacks ${method} ${path}`);
  }
}
