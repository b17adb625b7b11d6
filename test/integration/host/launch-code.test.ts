/**
 * The one-time launch code, against a running host on a clock the test moves: it buys one
 * session, once, within 60 s; the session (not the code) opens the socket and keeps doing so,
 * as it does for a reloaded tab.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { LAUNCH_CODE_TTL_MS, mintLaunchCode, newSecret } from '../../../main/host/launch-code';
import { startHost, type Host } from '../../../main/host/server';
import { callWith as callHost, exchangeCode } from './session';

let clock = Date.UTC(2026, 0, 1);
let host: Host;
beforeAll(async () => {
  const dispatcher = createDispatcher();
  dispatcher.register({ 'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }) });
  host = await startHost({ core: { dispatcher, bus: createPushBus() }, staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')), now: () => clock });
});
afterAll(() => host.close());

const codeOf = (url: string) => new URL(url).searchParams.get('code')!;

const callWith = (token: string) => callHost(host, token);

describe('browser-mode launch codes', () => {
  it('the printed URL carries a code, not a session', async () => {
    expect(host.url).toMatch(/\/\?code=[\w.-]+$/);
    expect(await callWith(codeOf(host.url))).toEqual({ refused: 401 });
  });

  it('a code buys one session, once', async () => {
    const code = codeOf(host.launchUrl());
    const first = await exchangeCode(host, code);
    expect(first.status).toBe(200);
    const { session } = (await first.json()) as { session: string };
    const again = await exchangeCode(host, code);
    expect(again.status).toBe(401);
    expect(await again.text()).toMatch(/used already or has expired/);
    // The session keeps working: every reload of the tab opens a new socket with it.
    for (let reload = 0; reload < 3; reload++) expect(await callWith(session)).toMatchObject({ type: 'reply', id: 1 });
  });

  it('a code is worth nothing after 60 s', async () => {
    const code = codeOf(host.launchUrl());
    const unused = codeOf(host.launchUrl());
    clock += LAUNCH_CODE_TTL_MS - 1;
    expect((await exchangeCode(host, unused)).status).toBe(200);
    clock += 1;
    expect((await exchangeCode(host, code)).status).toBe(401);
  });

  it('a wrong, tampered or foreign code is refused', async () => {
    const code = codeOf(host.launchUrl());
    const [expiry, nonce, mac] = code.split('.') as [string, string, string];
    const later = (parseInt(expiry, 36) + 3_600_000).toString(36);
    for (const bad of ['', 'nonsense', `${later}.${nonce}.${mac}`, `${expiry}.${nonce}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, `${expiry}.${nonce}`, mintLaunchCode(newSecret(), clock)]) {
      expect((await exchangeCode(host, bad)).status, bad).toBe(bad === '' ? 400 : 401);
    }
    // The real one still works: refusals do not burn it.
    expect((await exchangeCode(host, code)).status).toBe(200);
  });

  it('a session from another secret opens nothing', async () => {
    const other = await startHost({ core: { dispatcher: createDispatcher(), bus: createPushBus() }, staticDir: mkdtempSync(join(tmpdir(), 'fleet-static-')) });
    try {
      const res = await exchangeCode(other, codeOf(other.url));
      const { session } = (await res.json()) as { session: string };
      expect(await callWith(session)).toEqual({ refused: 401 });
    } finally {
      await other.close();
    }
  });
});
