import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeFrame, encodeMessage } from '../../../common/codec';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHost, type Host } from '../../../main/host/server';
import { openSession } from './session';

/** Browser mode's guard, over a real socket: session token, Origin and Host must all be right. */
describe('browser-mode host socket', () => {
  let host: Host;
  let session: string;
  const bus = createPushBus();
  beforeAll(async () => {
    const dispatcher = createDispatcher();
    dispatcher.register({ 'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }) });
    host = await startHost({ core: { dispatcher, bus }, staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')) });
    session = await openSession(host);
  });
  afterAll(() => host.close());

  const open = (query: string, headers: Record<string, string>) =>
    new Promise<{ ok: boolean; status?: number; ws?: WebSocket }>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc${query}`, { headers });
      ws.on('open', () => resolve({ ok: true, ws }));
      ws.on('unexpected-response', (_req, res) => resolve({ ok: false, status: res.statusCode }));
      ws.on('error', () => resolve({ ok: false }));
    });

  it('refuses a connection without a session token', async () => {
    expect(await open('', { Origin: host.origin })).toMatchObject({ ok: false, status: 401 });
    expect(await open('?token=wrong-token!', { Origin: host.origin })).toMatchObject({ ok: false, status: 401 });
    // The launch code itself is not a session.
    expect(await open(`?token=${new URL(host.launchUrl()).searchParams.get('code')}`, { Origin: host.origin })).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a page from another origin even with the token', async () => {
    expect(await open(`?token=${session}`, { Origin: 'https://evil.example' })).toMatchObject({ ok: false, status: 403 });
    expect(await open(`?token=${session}`, {})).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses a rebound host name', async () => {
    const r = await open(`?token=${session}`, { Origin: `http://attacker.example:${host.port}`, Host: `attacker.example:${host.port}` });
    expect(r.ok).toBe(false);
  });

  it('serves the envelope to the app page, refuses bad arguments, and forwards pushes', async () => {
    const r = await open(`?token=${session}`, { Origin: host.origin });
    expect(r.ok).toBe(true);
    const ws = r.ws!;
    const messages: unknown[] = [];
    ws.on('message', (d, binary) => messages.push(decodeFrame(binary ? (d as Buffer) : String(d))));
    ws.send(encodeMessage({ id: 1, name: 'connectivity/state', args: {} }));
    ws.send(encodeMessage({ id: 2, name: 'connectivity/state', args: 'nope' }));
    ws.send('{not json');
    bus.emit('status/delta', {
      ids: new Int32Array([7]),
      lat: new Float64Array([1.5]),
      lng: new Float64Array([2.5]),
      time: new Float64Array([1000]),
      speed: new Float32Array([30]),
      heading: new Float32Array([90]),
      online: new Uint8Array([1]),
      ignition: new Uint8Array([2]),
      fetchedAt: 1000,
    });
    await expect.poll(() => messages.length, { timeout: 5000 }).toBe(4);
    expect(messages).toContainEqual({ type: 'reply', id: 1, result: { state: 'online', lastGood: {}, lastError: null } });
    expect(messages).toContainEqual(expect.objectContaining({ type: 'error', id: 2, error: expect.objectContaining({ code: 'invalid_input' }) }));
    expect(messages).toContainEqual(expect.objectContaining({ type: 'error', id: null, error: expect.objectContaining({ code: 'invalid_input' }) }));
    // Sent as fragments (header, then each column and its padding): every column in its place.
    const push = messages.find((m) => (m as { type: string }).type === 'push') as { args: Record<string, ArrayLike<number>> & { fetchedAt: number } };
    expect(Array.from(push.args.ids!)).toEqual([7]);
    expect(push.args.lat).toBeInstanceOf(Float64Array);
    expect(Array.from(push.args.lat!)).toEqual([1.5]);
    expect(Array.from(push.args.lng!)).toEqual([2.5]);
    expect(Array.from(push.args.speed!)).toEqual([30]);
    expect(Array.from(push.args.online!)).toEqual([1]);
    expect(Array.from(push.args.ignition!)).toEqual([2]);
    expect(push.args.fetchedAt).toBe(1000);
    ws.close();
  });
});
