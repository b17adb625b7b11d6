/**
 * A restart keeps an open tab's session: the signing secret is the data folder's (host-key.ts),
 * so a second host on the same folder accepts the first one's session, on the same port when it
 * is free, while a host on another folder refuses it, and says so when the page asks.
 */
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { KEY_NAME, loadHostKey, rememberPort } from '../../../main/host/host-key';
import { startHost, type Host } from '../../../main/host/server';
import { callWith, openSession } from './session';

const staticDir = mkdtempSync(join(tmpdir(), 'fleet-static-'));

/** A host as the CLI starts one on `dataDir`: the folder's secret, its last port first. */
async function hostOn(dataDir: string): Promise<Host> {
  const key = await loadHostKey(dataDir);
  const dispatcher = createDispatcher();
  dispatcher.register({ 'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }) });
  const host = await startHost({ core: { dispatcher, bus: createPushBus() }, staticDir, secret: key.secret, port: 0, preferredPort: key.port });
  await rememberPort(dataDir, key, host.port);
  return host;
}

/** The page's question after a failed reconnect: is my session still good here? */
const checkSession = (host: Host, session: string, origin = host.origin) =>
  fetch(`${host.origin}/session`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ session }) });

describe('browser mode: a tab’s session across host restarts', () => {
  it('a second host on the same folder, on the same port, accepts the first one’s session; another folder’s refuses it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-key-'));
    const first = await hostOn(dataDir);
    const session = await openSession(first);
    expect(await callWith(first, session)).toMatchObject({ type: 'reply', id: 1 });
    expect(statSync(join(dataDir, KEY_NAME)).mode & 0o777).toBe(0o600);
    await first.close();

    const second = await hostOn(dataDir);
    const elsewhere = await hostOn(mkdtempSync(join(tmpdir(), 'fleet-key-')));
    try {
      expect(second.port).toBe(first.port);
      expect(await callWith(second, session)).toMatchObject({ type: 'reply', id: 1 });
      expect((await checkSession(second, session)).status).toBe(204);

      expect(await callWith(elsewhere, session)).toEqual({ refused: 401 });
      const refused = await checkSession(elsewhere, session);
      expect(refused.status).toBe(401);
      expect(await refused.text()).toMatch(/not issued by this console/);
      // Another site's page cannot use the check to probe tokens.
      expect((await checkSession(second, session, 'http://evil.example')).status).toBe(403);
    } finally {
      await elsewhere.close();
      await second.close();
    }
  });

  it('when the last port is taken, a host starts on another one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-key-'));
    const first = await hostOn(dataDir);
    // Still running: its port is taken (as by another program) when the folder's next host starts.
    const again = await hostOn(dataDir);
    try {
      expect(again.port).not.toBe(first.port);
      expect(await callWith(again, await openSession(first))).toMatchObject({ type: 'reply', id: 1 });
    } finally {
      await again.close();
      await first.close();
    }
  });

  it('a damaged key file gets a new secret: old sessions are refused, nothing is thrown', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-key-'));
    const first = await hostOn(dataDir);
    const session = await openSession(first);
    await first.close();
    writeFileSync(join(dataDir, KEY_NAME), '{not json');
    const second = await hostOn(dataDir);
    try {
      expect(await callWith(second, session)).toEqual({ refused: 401 });
      expect(statSync(join(dataDir, KEY_NAME)).mode & 0o777).toBe(0o600);
    } finally {
      await second.close();
    }
  });
});
