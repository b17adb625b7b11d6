/**
 * Browser mode after its output went away (the terminal or the program that started it
 * closed): what the host logs then goes nowhere, and the host serves on and stops when told.
 * No page: the host process itself, over HTTP on 127.0.0.1.
 */
import { expect, test } from './support/test';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A WebSocket upgrade from a foreign origin: the host refuses it and logs the refusal. */
function foreignUpgrade(origin: string): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({
      host: hostname,
      port,
      path: '/rpc',
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==', Origin: 'http://elsewhere.example' },
      timeout: 5_000,
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('upgrade', () => reject(new Error('a foreign origin was upgraded')));
    req.on('timeout', () => req.destroy(new Error('no answer to the upgrade in 5 s')));
    req.on('error', reject);
    req.end();
  });
}

test('a host whose output closed serves on after logging, and stops on SIGTERM', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-output-'));
  const child = spawn(process.execPath, ['out/main/host.js', '--no-open', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DISPLAY: '' } });
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no URL in 30 s:\n${out}`)), 30_000);
      child.stdout.on('data', (d) => {
        out += String(d);
        const m = /Fleet Console: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
    });
    // The reading ends go: every write of the host's to its output now fails.
    child.stdout.destroy();
    child.stderr.destroy();
    expect(await foreignUpgrade(origin)).toBe(403);
    // Twice, so a second log line meets the broken output too.
    expect(await foreignUpgrade(origin)).toBe(403);
    const page = await fetch(`${origin}/`, { signal: AbortSignal.timeout(5_000) });
    expect(page.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running 10 s after SIGTERM'), 10_000))]);
    expect(code).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
});
