/**
 * Browser mode's big replies: over the threshold, the socket carries a notice and the
 * reply waits on the host for one GET with the page's session token (common/envelope.ts BulkNotice).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeFrame, encodeMessage } from '../../../common/codec';
import type { BulkNotice, ReplyEnvelope } from '../../../common/envelope';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHost, type Host } from '../../../main/host/server';
import { openSession } from './session';

describe('browser-mode host: replies too big for the socket', () => {
  let host: Host;
  let session: string;
  // 1,000,000 doubles: 8 MB, over the default 4 MB.
  const time = Float64Array.from({ length: 1_000_000 }, (_, i) => i * 1000 + 0.5);
  beforeAll(async () => {
    const dispatcher = createDispatcher();
    dispatcher.register({
      'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }),
      // Object 9's track is 160 KB: under the socket's 4 MB, over what a claimed reply sends by HTTP.
      'history/read': (a) => ({ objectId: a.objectId, from: a.from, till: a.till, track: { time: a.objectId === 9 ? time.subarray(0, 20_000) : time } }) as never,
    });
    host = await startHost({ core: { dispatcher, bus: createPushBus() }, staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')) });
    session = await openSession(host);
  });
  afterAll(() => host.close());

  it('sends a notice for a big reply and hands the reply over HTTP once, to the session only', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${session}`, { headers: { Origin: host.origin } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const messages: unknown[] = [];
    ws.on('message', (d, binary) => messages.push(decodeFrame(binary ? (d as Buffer) : String(d))));
    ws.send(encodeMessage({ id: 1, name: 'connectivity/state', args: {} }));
    ws.send(encodeMessage({ id: 2, name: 'history/read', args: { objectId: 7, from: 0, till: 86_400_000 } }));
    await expect.poll(() => messages.length).toBe(2);
    ws.close();
    // A small reply is on the socket as ever.
    expect(messages[0]).toMatchObject({ type: 'reply', id: 1, result: { state: 'online' } });
    const notice = messages[1] as BulkNotice;
    expect(notice).toMatchObject({ type: 'bulk', id: 2 });
    expect(notice.bytes).toBeGreaterThan(8_000_000);
    expect(notice.path).toMatch(/^\/bulk\/[\w-]{20,}$/);

    const at = (token: string) => fetch(`${host.origin}${notice.path}?token=${token}`);
    expect((await at('')).status).toBe(401);
    expect((await at('wrong-token!')).status).toBe(401);
    const res = await at(session);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(notice.bytes));
    const reply = decodeFrame(await res.arrayBuffer()) as ReplyEnvelope;
    expect(reply).toMatchObject({ type: 'reply', id: 2, result: { objectId: 7 } });
    const got = (reply.result as { track: { time: Float64Array } }).track.time;
    expect(got).toBeInstanceOf(Float64Array);
    expect(got).toEqual(time);
    // Once: the bytes are gone from the host.
    expect((await at(session)).status).toBe(404);
  });

  describe('a reply claimed with its request (decision 0069)', () => {
    const claimId = (n: number) => `claim-${String(n).padStart(24, 'x')}`;
    const get = (path: string, token = session, signal?: AbortSignal) => fetch(`${host.origin}${path}?token=${token}`, { signal });
    async function socket() {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${session}`, { headers: { Origin: host.origin } });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const messages: unknown[] = [];
      ws.on('message', (d, binary) => messages.push(decodeFrame(binary ? (d as Buffer) : String(d))));
      return { ws, messages };
    }

    it('hands a big reply to the GET that was waiting for it, and names the same path in the notice', async () => {
      const id = claimId(1);
      // Asked for before the request is sent: the GET waits on the host.
      const early = get(`/bulk/${id}`);
      const { ws, messages } = await socket();
      ws.send(encodeMessage({ id, name: 'history/read', args: { objectId: 7, from: 0, till: 86_400_000 } }));
      const res = await early;
      expect(res.status).toBe(200);
      const reply = decodeFrame(await res.arrayBuffer()) as ReplyEnvelope;
      expect(reply).toMatchObject({ type: 'reply', id, result: { objectId: 7 } });
      expect((reply.result as { track: { time: Float64Array } }).track.time).toEqual(time);
      await expect.poll(() => messages.length).toBe(1);
      ws.close();
      expect(messages[0]).toMatchObject({ type: 'bulk', id, path: `/bulk/${id}` });
      // Once.
      expect((await get(`/bulk/${id}`)).status).toBe(404);
    });

    it('keeps a claimed reply for a GET that comes after the notice', async () => {
      const id = claimId(2);
      const { ws, messages } = await socket();
      ws.send(encodeMessage({ id, name: 'history/read', args: { objectId: 8, from: 0, till: 86_400_000 } }));
      await expect.poll(() => messages.length).toBe(1);
      ws.close();
      const res = await get((messages[0] as BulkNotice).path);
      expect(decodeFrame(await res.arrayBuffer())).toMatchObject({ type: 'reply', id, result: { objectId: 8 } });
    });

    it('sends a claimed reply of a few hundred KB by HTTP too, where an unclaimed one goes on the socket', async () => {
      const { ws, messages } = await socket();
      ws.send(encodeMessage({ id: 90, name: 'history/read', args: { objectId: 9, from: 0, till: 86_400_000 } }));
      ws.send(encodeMessage({ id: claimId(9), name: 'history/read', args: { objectId: 9, from: 0, till: 86_400_000 } }));
      await expect.poll(() => messages.length).toBe(2);
      ws.close();
      expect(messages[0]).toMatchObject({ type: 'reply', id: 90, result: { objectId: 9 } });
      expect(messages[1]).toMatchObject({ type: 'bulk', id: claimId(9), path: `/bulk/${claimId(9)}` });
      const res = await get(`/bulk/${claimId(9)}`);
      const reply = decodeFrame(await res.arrayBuffer()) as ReplyEnvelope;
      expect((reply.result as { track: { time: Float64Array } }).track.time).toEqual(time.subarray(0, 20_000));
    });

    it('tells a waiting GET, and one that comes later, that a small reply went by the socket', async () => {
      const waiting = get(`/bulk/${claimId(3)}`);
      const { ws, messages } = await socket();
      ws.send(encodeMessage({ id: claimId(3), name: 'connectivity/state', args: {} }));
      ws.send(encodeMessage({ id: claimId(4), name: 'connectivity/state', args: {} }));
      await expect.poll(() => messages.length).toBe(2);
      ws.close();
      expect(messages).toMatchObject([{ type: 'reply', id: claimId(3) }, { type: 'reply', id: claimId(4) }]);
      expect((await waiting).status).toBe(204);
      expect((await get(`/bulk/${claimId(4)}`)).status).toBe(204);
      // And an error reply releases its claim too.
      const failed = get(`/bulk/${claimId(5)}`);
      const again = await socket();
      again.ws.send(encodeMessage({ id: claimId(5), name: 'no/such-method', args: {} }));
      await expect.poll(() => again.messages.length).toBe(1);
      again.ws.close();
      expect(again.messages[0]).toMatchObject({ type: 'error', id: claimId(5) });
      expect((await failed).status).toBe(204);
    });

    it('waits only with the session, only for claim ids, and only a few at once', async () => {
      expect((await get(`/bulk/${claimId(6)}`, '')).status).toBe(401);
      // Not a claim: an unknown key is not waited for.
      expect((await get('/bulk/not-a-claim')).status).toBe(404);
      const stop = new AbortController();
      const parked = Array.from({ length: 8 }, (_, i) => get(`/bulk/${claimId(100 + i)}`, session, stop.signal).catch(() => null));
      // The same claim twice, and a ninth: refused at once, not parked.
      await expect.poll(async () => (await get(`/bulk/${claimId(100)}`)).status, { timeout: 10_000 }).toBe(409);
      expect((await get(`/bulk/${claimId(200)}`)).status).toBe(503);
      stop.abort();
      await Promise.all(parked);
      // The page that went away no longer holds a place.
      await expect.poll(async () => (await get(`/bulk/${claimId(200)}`, session, AbortSignal.timeout(200)).catch(() => 'waiting')), { timeout: 10_000 }).toBe('waiting');
    });
  });
});
