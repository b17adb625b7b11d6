/**
 * What the page's bulk-fetch worker does (renderer/src/rpc/bulk-fetch-serve.ts, decision 0081)
 * against a real HTTP server on 127.0.0.1: a 200's bytes come back whole and are handed over
 * (transferred), any other status comes back without a body, an abort ends a body still
 * arriving, and a server that is not there is an error in the fetch's words.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkFetchReply } from '../../../renderer/src/rpc/bulk-fetch-protocol';
import { bulkFetchServer } from '../../../renderer/src/rpc/bulk-fetch-serve';

const BYTES = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7) % 251));
let server: Server;
let base = '';
/** Set when the held response has begun, and when the server saw its connection close before its end. */
let heldBegun = false;
let heldClosed = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/bytes') return res.writeHead(200, { 'content-length': BYTES.length }).end(BYTES);
    if (req.url === '/nothing') return res.writeHead(204).end();
    if (req.url === '/refused') return res.writeHead(403).end('not yours');
    // Half a body, then nothing more until the client goes.
    res.writeHead(200, { 'content-length': BYTES.length });
    res.write(BYTES.subarray(0, 1024));
    heldBegun = true;
    res.on('close', () => (heldClosed = !res.writableFinished));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A worker's serving function and the replies it posted, with what each transferred. */
function serving() {
  const posted: { reply: BulkFetchReply; transfer: ArrayBuffer[] }[] = [];
  const serve = bulkFetchServer((reply, transfer) => posted.push({ reply, transfer }));
  const replyTo = async (seq: number) => {
    await expect.poll(() => posted.some((p) => p.reply.seq === seq), { timeout: 10_000 }).toBe(true);
    return posted.find((p) => p.reply.seq === seq)!;
  };
  return { serve, replyTo };
}

describe('the bulk-fetch worker', () => {
  it('answers a 200 with its whole body, handed over rather than copied', async () => {
    const { serve, replyTo } = serving();
    serve({ type: 'fetch', seq: 1, url: `${base}/bytes` });
    const { reply, transfer } = await replyTo(1);
    expect(reply).toMatchObject({ seq: 1, status: 200 });
    const body = (reply as { body: ArrayBuffer }).body;
    expect(Buffer.from(body).equals(BYTES)).toBe(true);
    expect(transfer).toEqual([body]);
  });

  it('answers any other status without a body', async () => {
    const { serve, replyTo } = serving();
    serve({ type: 'fetch', seq: 1, url: `${base}/nothing` });
    serve({ type: 'fetch', seq: 2, url: `${base}/refused` });
    expect((await replyTo(1)).reply).toEqual({ seq: 1, status: 204, body: null });
    expect((await replyTo(2)).reply).toEqual({ seq: 2, status: 403, body: null });
  });

  it('stops a body still arriving when the page aborts it', async () => {
    const { serve, replyTo } = serving();
    serve({ type: 'fetch', seq: 5, url: `${base}/held` });
    // Aborted once the response has begun: the body is what is cut.
    await expect.poll(() => heldBegun, { timeout: 5_000 }).toBe(true);
    serve({ type: 'abort', seq: 5 });
    const { reply } = await replyTo(5);
    expect(reply).toMatchObject({ seq: 5, error: expect.stringMatching(/abort/i) });
    await expect.poll(() => heldClosed, { timeout: 5_000 }).toBe(true);
  });

  it('says why when nothing answers', async () => {
    const idle = createServer();
    await new Promise<void>((resolve) => idle.listen(0, '127.0.0.1', resolve));
    const gone = `http://127.0.0.1:${(idle.address() as AddressInfo).port}/bytes`;
    await new Promise((resolve) => idle.close(resolve));
    const { serve, replyTo } = serving();
    serve({ type: 'fetch', seq: 9, url: gone });
    const { reply } = await replyTo(9);
    expect(reply).toMatchObject({ seq: 9, error: expect.any(String) });
    expect('status' in reply).toBe(false);
  });
});
