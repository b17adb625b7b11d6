/**
 * The page's end of browser mode (renderer/src/rpc/transport.ts) against a real host over
 * HTTP and a WebSocket on 127.0.0.1, with the few browser globals it reads stood in for.
 * A listener that throws must not silence the socket: the messages after it are delivered.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHost, type Host } from '../../../main/host/server';
import { standInPageGlobals, type PageGlobals } from './page-globals';

/** A path, not a literal import: the transport's DOM types stay out of the node typecheck (as in events-store.test.ts). */
const TRANSPORT = '../../../renderer/src/rpc/transport';
/** The part of the transport this test drives. */
interface PageTransport {
  rpc(env: { id: number | string; name: string; args: unknown }): Promise<unknown>;
  onPush(cb: (env: PushEnvelope) => void): () => void;
}

const bus = createPushBus();
let host: Host;
let page: PageGlobals;
/** The big method's reply waits for this. */
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => (openGate = resolve));
// 1,000,000 doubles: 8 MB, over the host's 4 MB for the socket.
const time = Float64Array.from({ length: 1_000_000 }, (_, i) => i * 1000);

beforeAll(async () => {
  const dispatcher = createDispatcher();
  dispatcher.register({
    'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }),
    'history/read': async (a) => {
      await gate;
      return { objectId: a.objectId, from: a.from, till: a.till, track: { time } } as never;
    },
  });
  host = await startHost({ core: { dispatcher, bus }, staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')) });
  page = standInPageGlobals(host);
});

afterAll(async () => {
  page.restore();
  await host.close();
});

describe('the page socket transport', () => {
  it('goes on delivering after a listener throws, and reports the throw', async () => {
    const { createTransport } = (await import(/* @vite-ignore */ TRANSPORT)) as { createTransport: () => PageTransport };
    const transport = createTransport();
    const heard: string[] = [];
    transport.onPush(() => {
      throw new Error('a listener failed');
    });
    transport.onPush((env: PushEnvelope) => void heard.push(String((env.args as { at: number }).at)));
    // The socket is open once a call is answered.
    expect(await transport.rpc({ id: 1, name: 'connectivity/state', args: {} })).toMatchObject({ type: 'reply', id: 1 });
    for (const at of [1, 2, 3]) bus.emit('notices/changed', { at } as never);
    await expect.poll(() => heard).toEqual(['1', '2', '3']);
    expect(page.reported).toHaveLength(3);
    expect(await transport.rpc({ id: 2, name: 'connectivity/state', args: {} })).toMatchObject({ type: 'reply', id: 2 });
  });

  it('asks for a claimed big reply as the request goes, and takes it from there when the notice comes (decision 0069)', async () => {
    const { createTransport } = (await import(/* @vite-ignore */ TRANSPORT)) as { createTransport: () => PageTransport };
    const transport = createTransport();
    const id = `claim-${'p'.repeat(24)}`;
    const bulkFetches = () => page.fetched.filter((u) => u.includes('/bulk/'));
    const reply = transport.rpc({ id, name: 'history/read', args: { objectId: 7, from: 0, till: 86_400_000 } });
    // Asked for while the host has not made the reply yet.
    await expect.poll(bulkFetches).toEqual([expect.stringContaining(`/bulk/${id}?token=`)]);
    openGate();
    const got = (await reply) as { type: string; id: string; result: { objectId: number; track: { time: Float64Array } } };
    expect(got).toMatchObject({ type: 'reply', id, result: { objectId: 7 } });
    expect(got.result.track.time).toEqual(time);
    // The notice found the reply fetched: no GET of its own.
    expect(bulkFetches()).toHaveLength(1);
    // A claimed small reply comes on the socket as ever.
    expect(await transport.rpc({ id: `claim-${'q'.repeat(24)}`, name: 'connectivity/state', args: {} })).toMatchObject({ type: 'reply', result: { state: 'online' } });
  });
});
