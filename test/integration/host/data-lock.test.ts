/**
 * The data-folder lock on real files: a live holder is reported with what its 0600 file says;
 * a holder whose process is gone is taken over at once. (Two real host processes on one
 * folder: test/e2e/browser-launch.spec.ts.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_NAME, OWNER_NAME, lockDataDir } from '../../../main/host/data-lock';

const noCompromise = (e: Error) => {
  throw e;
};

describe('browser mode: one host per data folder', () => {
  it('a second taker learns who holds the folder; after release the folder is free', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-lock-'));
    const first = await lockDataDir(dir, noCompromise);
    expect(first.held).toBe(true);
    if (!first.held) return;
    await first.describe({ origin: 'http://127.0.0.1:4242', secret: 's3cret' });
    expect(statSync(join(dir, OWNER_NAME)).mode & 0o777).toBe(0o600);

    // A holder in another process: the lock is the same files, whoever reads them.
    writeFileSync(join(dir, OWNER_NAME), JSON.stringify({ pid: process.ppid, origin: 'http://127.0.0.1:4242', secret: 's3cret' }), { mode: 0o600 });
    const second = await lockDataDir(dir, noCompromise);
    expect(second).toEqual({ held: false, lockPath: join(dir, LOCK_NAME), owner: { pid: process.ppid, origin: 'http://127.0.0.1:4242', secret: 's3cret' } });

    await first.release();
    expect(existsSync(join(dir, OWNER_NAME))).toBe(false);
    const third = await lockDataDir(dir, noCompromise);
    expect(third.held).toBe(true);
    if (third.held) await third.release();
  });

  it('a lock left by a process that is gone is taken over at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-lock-'));
    // This taker stands for the dead holder: its refresh finding the lock taken over is expected.
    const left = await lockDataDir(dir, () => {});
    if (!left.held) throw new Error('could not take a fresh folder');
    // The holder dies without releasing: its lock stays fresh-looking, its pid names nobody.
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(join(dir, OWNER_NAME), JSON.stringify({ pid: Number(gone.stdout.trim()) }), { mode: 0o600 });
    const next = await lockDataDir(dir, noCompromise);
    expect(next.held).toBe(true);
    if (next.held) await next.release();
  });
});
