/**
 * The page's fleet feed (renderer/src/stores/push-feeds.ts) against a real host over HTTP and a
 * WebSocket on 127.0.0.1: the list and the positions go to the store as they come, whatever
 * the small reads asked beside them wait for. The host may hold a window's small reads behind
 * its big replies (main/host/claimed-first.ts); the positions once waited for the connection
 * badge's state that way, and were drawn a fifth of a second after the list at launch.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHost, type Host } from '../../../main/host/server';
import { standInPageGlobals, type PageGlobals } from './page-globals';

/** Paths, not literal imports: the page's DOM types stay out of the node typecheck (as in page-transport.test.ts). */
const FEEDS = '../../../renderer/src/stores/push-feeds';
const FLEET = '../../../renderer/src/stores/fleet-store';
const CONNECTIVITY = '../../../renderer/src/stores/connectivity';

const NOW = Date.UTC(2026, 10, 30, 12);
let host: Host;
let page: PageGlobals;
let answerState: () => void = () => {};
const stateAnswered = new Promise<void>((resolve) => (answerState = resolve));

beforeAll(async () => {
  const dispatcher = createDispatcher();
  dispatcher.register({
    'objects/list': () => ({ json: new TextEncoder().encode(JSON.stringify([{ Id: 1, Name: 'Van 1' }, { Id: 2, Name: 'Van 2' }])), fetchedAt: NOW }),
    'status/snapshot': () => ({
      ids: Int32Array.from([1, 2]),
      lat: Float64Array.from([52.52, 52.53]),
      lng: Float64Array.from([13.4, 13.41]),
      time: Float64Array.from([NOW - 1000, NOW - 2000]),
      speed: Float32Array.from([30, 0]),
      heading: Float32Array.from([90, 0]),
      online: Uint8Array.from([1, 1]),
      ignition: Uint8Array.from([2, 1]),
      fetchedAt: NOW,
      serverTime: NOW,
    }),
    // As held behind the big replies, for as long as the test says.
    'connectivity/state': async (): Promise<ConnectivityState> => {
      await stateAnswered;
      return { state: 'online', lastGood: {}, lastError: null } as unknown as ConnectivityState;
    },
  });
  host = await startHost({ core: { dispatcher, bus: createPushBus() }, staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')) });
  page = standInPageGlobals(host);
});

afterAll(async () => {
  answerState();
  page.restore();
  await host.close();
});

describe('the page fleet feed', () => {
  it('puts the positions in the store as they come, while the connection state is still unanswered', async () => {
    const { feedFleet } = (await import(/* @vite-ignore */ FEEDS)) as { feedFleet: () => () => void };
    const { fleetStore } = (await import(/* @vite-ignore */ FLEET)) as { fleetStore: { objects: { Id: number }[]; positions: { count: number; time: Float64Array } } };
    const { connectivity } = (await import(/* @vite-ignore */ CONNECTIVITY)) as { connectivity: { get(): { state: string } | null } };
    const stop = feedFleet();
    try {
      const positioned = () => Array.from(fleetStore.positions.time.subarray(0, fleetStore.positions.count)).filter((t) => t !== 0).length;
      await expect.poll(positioned).toBe(2);
      expect(fleetStore.objects.map((o) => o.Id)).toEqual([1, 2]);
      expect(connectivity.get()).toBeNull();
      answerState();
      await expect.poll(() => connectivity.get()?.state ?? null).toBe('online');
      expect(page.reported).toEqual([]);
    } finally {
      stop();
    }
  });
});
