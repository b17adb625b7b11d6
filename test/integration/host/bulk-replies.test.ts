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
      'history/read': (a) => ({ objectId: a.objectId, from: a.from, till: a.till, track: { time } }) as never,
    });
    host = await startHost({ dispatcher, bus: createPushBus(), staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')) });
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
});
