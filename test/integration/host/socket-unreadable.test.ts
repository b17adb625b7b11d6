import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeFrame } from '../../../common/codec';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHost, type Host } from '../../../main/host/server';
import { openSession } from './session';

/** A message the codec refuses (a typed-array tag it did not write) is answered to its own call, not left waiting. */
describe('browser-mode host: unreadable messages', () => {
  let host: Host;
  let session: string;
  beforeAll(async () => {
    const dispatcher = createDispatcher();
    dispatcher.register({ 'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }) });
    host = await startHost({ core: { dispatcher, bus: createPushBus() }, staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')) });
    session = await openSession(host);
  });
  afterAll(() => host.close());

  it('answers a forged tag with an error for that id, saying why', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${session}`, { headers: { Origin: host.origin } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const messages: unknown[] = [];
    ws.on('message', (d, binary) => messages.push(decodeFrame(binary ? (d as Buffer) : String(d))));
    ws.send(JSON.stringify({ id: 5, name: 'connectivity/state', args: { v: { __typed: 'Float64Array', b64: '!' } } }));
    ws.send('{not json');
    await expect.poll(() => messages.length, { timeout: 5000 }).toBe(2);
    expect(messages).toContainEqual({ type: 'error', id: 5, error: { code: 'invalid_input', message: expect.stringMatching(/could not be read: .*malformed Float64Array/) } });
    expect(messages).toContainEqual(expect.objectContaining({ type: 'error', id: null, error: expect.objectContaining({ code: 'invalid_input' }) }));
    ws.close();
  });
});
