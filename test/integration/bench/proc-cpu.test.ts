/**
 * The startup bench's CPU accounting (test/bench/proc-cpu.ts) against real processes: a
 * child that spends a known amount of its own CPU is counted under the role it was given,
 * and an idle one is not. Linux only: elsewhere there is no /proc and every figure is -1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startCpuSampler } from '../../bench/proc-cpu';

/** Spends `cpuMs` of its own CPU (not wall time: the machine is shared), says so, then waits to be killed. */
const burnerScript = (cpuMs: number) => `
const until = ${cpuMs} * 1000;
while (process.cpuUsage().user + process.cpuUsage().system < until) {}
process.stdout.write('spent\\n');
setInterval(() => {}, 1000);
`;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function burner(cpuMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', burnerScript(cpuMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the burner ended first (${code})`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!existsSync('/proc/stat'))('the CPU by process over a span', () => {
  it('counts a busy process under its role, an idle one at nothing, and the machine at least their sum', async () => {
    const sampler = startCpuSampler();
    try {
      const idle = await burner(0);
      // Its start settled, and a sample taken since: the span's first sample can be up to a period before `from`.
      await sleep(400);
      const from = Date.now();
      const busy = await burner(600);
      // The span's end sample is taken after `to`.
      await sleep(250);
      const to = Date.now();
      await sleep(250);
      const s = sampler.span(from, to, { host: busy.pid!, simulator: idle.pid! });
      // Ticks are 10 ms; the burner's own start (before `from`) is not in its 600 ms.
      expect(s.host_ms).toBeGreaterThanOrEqual(550);
      expect(s.simulator_ms).toBeLessThanOrEqual(30);
      expect(s.machine_busy_ms).toBeGreaterThanOrEqual(s.host_ms + s.simulator_ms + s.browser_ms + s.bench_ms - 50);
      expect(s.capacity_ms).toBeGreaterThanOrEqual(to - from);
      expect(s.span_ms).toBeGreaterThanOrEqual(to - from);
    } finally {
      sampler.stop();
    }
  });
});
