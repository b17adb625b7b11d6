/**
 * Browser mode: a window's reads wait while the big replies it claimed before them are
 * written (main/host/claimed-first.ts, decision 0070); its writes do not.
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

const claimId = (n: number) => `claim-${String(n).padStart(24, 'y')}`;
// 1,000,000 doubles: 8 MB, far over what a claimed reply sends by HTTP.
const time = Float64Array.from({ length: 1_000_000 }, (_, i) => i * 1000 + 0.5);

async function hostWaitingAtMost(ms: number): Promise<{ host: Host; session: string }> {
  const dispatcher = createDispatcher();
  dispatcher.register({
    'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }),
    'events/ack': (a) => ({ entryId: a.ids[0]! }) as never,
    // Object 1's track is a few points, a reply small enough for the socket; any other is 8 MB.
    'history/read': (a) => ({ objectId: a.objectId, from: a.from, till: a.till, track: { time: a.objectId === 1 ? time.subarray(0, 10) : time } }) as never,
  });
  const host = await startHost({ core: { dispatcher, bus: createPushBus() }, staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')), claimedFirstMaxWaitMs: ms });
  return { host, session: await openSession(host) };
}

async function socket(host: Host, session: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${session}`, { headers: { Origin: host.origin } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const messages: { id?: unknown; type?: string; at: number }[] = [];
  ws.on('message', (d, binary) => messages.push({ ...(decodeFrame(binary ? (d as Buffer) : String(d)) as object), at: performance.now() }));
  return { ws, messages, got: (id: unknown) => messages.find((m) => m.id === id) };
}

const read = (id: number | string, objectId: number) => encodeMessage({ id, name: 'history/read', args: { objectId, from: 0, till: 86_400_000 } });

describe('browser-mode host: claimed replies first', () => {
  let patient: { host: Host; session: string };
  let hasty: { host: Host; session: string };
  beforeAll(async () => {
    patient = await hostWaitingAtMost(20_000);
    hasty = await hostWaitingAtMost(300);
  });
  afterAll(async () => {
    await patient.host.close();
    await hasty.host.close();
  });

  it('answers a read asked after a claimed big reply once that reply is written; a write at once', async () => {
    const { host, session } = patient;
    const { ws, messages, got } = await socket(host, session);
    ws.send(read(claimId(1), 7));
    ws.send(encodeMessage({ id: 2, name: 'connectivity/state', args: {} }));
    ws.send(encodeMessage({ id: 3, name: 'events/ack', args: { ids: [41] } }));
    // The write is answered while the claimed reply still waits for its GET, and the read is not.
    await expect.poll(() => got(3), { timeout: 10_000 }).toMatchObject({ type: 'reply', result: { entryId: 41 } });
    await expect.poll(() => got(claimId(1)), { timeout: 10_000 }).toMatchObject({ type: 'bulk' });
    expect(got(2)).toBeUndefined();

    const res = await fetch(`${host.origin}${(got(claimId(1)) as unknown as BulkNotice).path}?token=${session}`);
    const reply = decodeFrame(await res.arrayBuffer()) as ReplyEnvelope;
    expect((reply.result as { track: { time: Float64Array } }).track.time).toEqual(time);
    await expect.poll(() => got(2), { timeout: 10_000 }).toMatchObject({ type: 'reply', result: { state: 'online' } });
    expect(messages.at(-1)!.id).toBe(2);
    ws.close();
  });

  it('does not hold reads back for a claimed reply small enough for the socket', async () => {
    const { host, session } = patient;
    const { ws, got } = await socket(host, session);
    ws.send(read(claimId(2), 1));
    ws.send(encodeMessage({ id: 5, name: 'connectivity/state', args: {} }));
    // Well inside the 20 s this host would let the read wait.
    await expect.poll(() => got(5), { timeout: 5_000 }).toMatchObject({ type: 'reply' });
    expect(got(claimId(2))).toMatchObject({ type: 'reply' });
    ws.close();
  });

  it('lets a read wait only so long for a claimed reply nobody fetches', async () => {
    const { host, session } = hasty;
    const { ws, got } = await socket(host, session);
    ws.send(read(claimId(3), 7));
    const asked = performance.now();
    ws.send(encodeMessage({ id: 6, name: 'connectivity/state', args: {} }));
    await expect.poll(() => got(6), { timeout: 10_000 }).toMatchObject({ type: 'reply', result: { state: 'online' } });
    expect(got(6)!.at - asked).toBeGreaterThanOrEqual(250);
    ws.close();
  });
});
