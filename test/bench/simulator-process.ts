/**
 * The simulator in its own process, as a real service would be: benches that measure the
 * console's main side must not count the simulator's work as the console's.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `controlUrl`: where /__sim/ answers through an outage (the api port where the simulator has no control port). */
export async function startSimulatorProcess(args: string[]): Promise<{ baseUrl: string; controlUrl: string; pid: number; stop: () => void }> {
  // A bigger heap than Node's default: at 100,000 objects the simulator's plans and events
  // fill about 3 GB, and near the default limit its collector took most of a minute per body.
  const node = [process.execPath, '--max-old-space-size=8192', '--import', 'tsx', join(ROOT, 'simulator/cli.ts'), '--port', '0', ...args];
  // BENCH_SIMULATOR_NICE: the simulator at that CPU priority (every thread of it), standing for
  // a service on other machines that takes none of the console's cores. Off (0) unless set.
  const nice = Number(process.env.BENCH_SIMULATOR_NICE ?? 0);
  const [cmd, ...argv] = nice > 0 ? ['nice', '-n', String(nice), ...node] : node;
  const child = spawn(cmd!, argv, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
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
  // The control line is printed right after the URL, in the same write or the next.
  for (let i = 0; i < 20 && !/Fleet simulator control/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
  const controlUrl = /Fleet simulator control[^:]*: (\S+)/.exec(out)?.[1] ?? baseUrl;
  return { baseUrl, controlUrl, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}
