/**
 * Starts the built browser-mode host as a user would (`node out/main/host.js`), on an
 * ephemeral loopback port with its own data folder, and reads the URL it prints. Its
 * launch code works once: `url` mints a fresh one at each read, as a second start would
 * (from the secret in the data folder's 0600 host.json), so a suite may open many pages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOwner } from '../../../main/host/data-lock';
import { mintLaunchCode } from '../../../main/host/launch-code';

export interface RunningHost {
  /** The app's URL with a fresh one-time launch code (each read). */
  readonly url: string;
  origin: string;
  dataDir: string;
  /** The host process's id (the bench reads its memory from /proc). */
  pid: number;
  output: () => string;
  stop(): Promise<void>;
}

/** `rememberedPort`: no `--port 0`, so the host takes its data folder's last port, as a user's restart does. */
export async function startBrowserMode(opts: { dataDir?: string; args?: string[]; rememberedPort?: boolean; env?: Record<string, string> } = {}): Promise<RunningHost> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'fleet-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    // FLEET_HOST_CPU_PROF=DIR: a V8 CPU profile of the host per run (bench investigations).
    [...(process.env.FLEET_HOST_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FLEET_HOST_CPU_PROF}`] : []), 'out/main/host.js', '--no-open', ...(opts.rememberedPort ? [] : ['--port', '0']), '--data-dir', dataDir, '--poll-ms', '1000', ...(opts.args ?? [])],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DISPLAY: '', ...opts.env } },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not print its URL in 30 s:\n${out}`)), 30_000);
    const check = () => {
      const m = /Fleet Console: (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code}:\n${out}`));
    });
  });
  const owner = await readOwner(dataDir);
  if (!owner?.secret) throw new Error(`browser mode printed its URL but wrote no secret to ${dataDir}/host.json:\n${out}`);
  const { secret } = owner;
  const origin = new URL(url).origin;
  return {
    get url() {
      return `${origin}/?code=${mintLaunchCode(secret)}`;
    },
    origin,
    dataDir,
    pid: child.pid!,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        // A child killed by a signal has no exit code, only its signal.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
