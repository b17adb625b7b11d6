/**
 * The simulator in its own process, as a real service would be: benches that measure the
 * console's main side must not count the simulator's work as the console's.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function startSimulatorProcess(args: string[]): Promise<{ baseUrl: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'simulator/cli.ts'), '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    // Bounded: a simulator that never says where it listens ends the run instead of hanging it.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the simulator did not print its URL in 60 s:\n${out}`));
    }, 60_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Fleet simulator: (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`simulator exited (${code})`));
    });
  });
  return { baseUrl, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}
