/**
 * An outage without an end ("refuse" without outageMs) over real HTTP: the api port refuses
 * connections, the control port still answers, and DELETE /__sim/faults reopens the api
 * port where it was. Run against the command-line simulator, since the fault used to end
 * the process itself (nothing kept it alive once the only listener closed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

async function signIn(baseUrl: string): Promise<string> {
  const r = await fetch(`${baseUrl}/api/Token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ Login: 'demo', Password: 'demo' }) });
  return ((await r.json()) as { AccessToken: string }).AccessToken;
}

const objects = (baseUrl: string, token: string): Promise<Response> => fetch(`${baseUrl}/api/Objects`, { headers: { Authorization: `Bearer ${token}` } });

/** Whether a connection to the port is refused (rather than answered). */
async function refused(baseUrl: string, token: string): Promise<boolean> {
  try {
    await objects(baseUrl, token);
    return false;
  } catch (e) {
    return ((e as { cause?: { code?: string } }).cause?.code ?? '') === 'ECONNREFUSED';
  }
}

describe('simulator process: outage without an end', () => {
  let child: ChildProcess;
  let exited = false;
  let api = '';
  let control = '';

  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'simulator/cli.ts'), '--port', '0', '--objects', '5'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    child.on('exit', () => (exited = true));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no URLs printed in 30 s:\n${out}`)), 30_000);
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const a = /Fleet simulator: (\S+)/.exec(out);
        const c = /Fleet simulator control[^:]*: (\S+)/.exec(out);
        if (a && c) {
          api = a[1]!;
          control = c[1]!;
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }, 40_000);
  afterAll(() => {
    if (!exited) child.kill('SIGTERM');
  });

  it('closes the api port, keeps running and answering on the control port, and reopens on DELETE', async () => {
    const token = await signIn(api);
    expect((await objects(api, token)).status).toBe(200);
    expect(control).not.toBe(api);

    // Set through the api port itself, as a drill script would.
    const set = await fetch(`${api}/__sim/faults`, { method: 'POST', body: JSON.stringify({ outage: 'refuse' }) });
    expect(set.status).toBe(200);
    let down = false;
    for (let i = 0; i < 50 && !down; i++) {
      down = await refused(api, token);
      if (!down) await new Promise((r) => setTimeout(r, 20));
    }
    expect(down).toBe(true);

    // Still alive and still steerable.
    await new Promise((r) => setTimeout(r, 200));
    expect(exited).toBe(false);
    const faults = (await (await fetch(`${control}/__sim/faults`)).json()) as { outage: string };
    expect(faults.outage).toBe('refuse');
    expect(await refused(api, token)).toBe(true);
    expect((await fetch(`${control}/api/Objects`)).status).toBe(404);

    const cleared = await fetch(`${control}/__sim/faults`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    let up = false;
    for (let i = 0; i < 50 && !up; i++) {
      up = !(await refused(api, token));
      if (!up) await new Promise((r) => setTimeout(r, 20));
    }
    expect(up).toBe(true);
    // Same port, same session: the token issued before the outage still works.
    expect((await objects(api, token)).status).toBe(200);
  }, 30_000);
});

describe('simulator in process: control port', () => {
  let h: SimulatorHandle;
  beforeAll(async () => {
    h = await startSimulator({ port: 0, objects: 5 });
  });
  afterAll(() => h.close());

  it('ends an outage set over the control port by a POST of another outage', async () => {
    const token = await h.tokenFor('demo');
    await fetch(`${h.controlUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ outage: 'refuse', outageMs: 0 }) });
    let down = false;
    for (let i = 0; i < 50 && !down; i++) {
      down = await refused(h.baseUrl, token);
      if (!down) await new Promise((r) => setTimeout(r, 20));
    }
    expect(down).toBe(true);
    expect(h.listening()).toBe(false);
    await fetch(`${h.controlUrl}/__sim/faults`, { method: 'POST', body: JSON.stringify({ outage: 'none' }) });
    let up = false;
    for (let i = 0; i < 50 && !up; i++) {
      up = !(await refused(h.baseUrl, token));
      if (!up) await new Promise((r) => setTimeout(r, 20));
    }
    expect(up).toBe(true);
    expect((await objects(h.baseUrl, token)).status).toBe(200);
  });
});
