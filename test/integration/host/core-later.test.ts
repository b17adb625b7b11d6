/**
 * The host listens before its core has loaded (decision 0084), over real HTTP and a real
 * socket: the page and its session need no core, a socket or a tile asked meanwhile waits for
 * it, and one waiting when the core fails is dropped, not left hanging.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHost, type CoreLink, type Host } from '../../../main/host/server';
import { callWith, openSession } from './session';

function deferredCore() {
  let resolve!: (core: CoreLink) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<CoreLink>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function staticDir() {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-static-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Fleet Console</title>');
  return dir;
}

function coreWithState() {
  const dispatcher = createDispatcher();
  dispatcher.register({
    'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }),
    'tiles/get': () => ({ contentType: 'image/png', data: new Uint8Array([137, 80, 78, 71]), cached: true }),
  });
  return { dispatcher, bus: createPushBus() };
}

/** Settles with 'open', 'closed' (the host dropped it) or 'still waiting' after `ms`. */
function socketOutcome(host: Host, session: string, ms: number): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${session}`, { headers: { Origin: host.origin } });
    const timer = setTimeout(() => {
      ws.terminate();
      resolve('still waiting');
    }, ms);
    const settle = (outcome: string) => {
      clearTimeout(timer);
      ws.terminate();
      resolve(outcome);
    };
    ws.on('open', () => settle('open'));
    ws.on('error', () => settle('closed'));
    ws.on('close', () => settle('closed'));
  });
}

let host: Host | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
});

/** A host whose core is still loading, and a session it issued. */
async function hostBeforeCore() {
  const core = deferredCore();
  const started = await startHost({ core: core.promise, staticDir: staticDir(), log: () => {} });
  host = started;
  return { core, host: started, session: await openSession(started) };
}

/** A socket asked for and given time to reach the host, which holds it; `outcome` as `socketOutcome`'s. */
async function heldSocket(at: Host, session: string): Promise<{ outcome: Promise<string> }> {
  const outcome = socketOutcome(at, session, 5_000);
  await new Promise((r) => setTimeout(r, 100));
  return { outcome };
}

describe('browser-mode host before its core has loaded', () => {
  it('serves the page and a session at once, and a socket and a tile once the core comes', async () => {
    const { core, host, session } = await hostBeforeCore();
    const page = await fetch(`${host.origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Fleet Console');

    expect(await socketOutcome(host, session, 300)).toBe('still waiting');
    const call = callWith(host, session);
    const tile = fetch(`${host.origin}/tiles/3/4/2?token=${session}`);
    const early = await Promise.race([call.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 200))]);
    expect(early).toBe('waiting');

    core.resolve(coreWithState());
    expect(await call).toEqual({ type: 'reply', id: 1, result: { state: 'online', lastGood: {}, lastError: null } });
    const tileReply = await tile;
    expect(tileReply.status).toBe(200);
    expect(new Uint8Array(await tileReply.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it('drops a socket that waited for a core that failed, and refuses the next one', async () => {
    const { core, host, session } = await hostBeforeCore();
    const waiting = await heldSocket(host, session);
    core.reject(new Error('the cache could not open'));
    expect(await waiting.outcome).toBe('closed');
    expect(await socketOutcome(host, session, 5_000)).toBe('closed');
  });

  it('closes while a socket still waits for the core, and drops it when the core comes late', async () => {
    const { core, host: held, session } = await hostBeforeCore();
    const waiting = await heldSocket(held, session);
    const closed = held.close();
    host = null;
    core.resolve(coreWithState());
    await closed;
    expect(await waiting.outcome).toBe('closed');
  });
});
