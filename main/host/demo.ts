/**
 * The embedded demo: the simulator, in this process, on a free loopback port, started
 * on first use and kept for the life of the host.
 */
import { startSimulator } from '../../simulator';
import type { DemoProvider } from '../core/session/session-service';

export const DEMO_ACCOUNT = { login: 'demo', password: 'demo' } as const;

export function embeddedDemo(opts: { objects?: number; seed?: number } = {}): DemoProvider & { close(): Promise<void> } {
  let running: ReturnType<typeof startSimulator> | null = null;
  return {
    async start() {
      running ??= startSimulator({ port: 0, seed: opts.seed ?? 1, ...(opts.objects ? { objects: opts.objects } : {}) });
      const sim = await running;
      return { baseUrl: sim.baseUrl, ...DEMO_ACCOUNT };
    },
    async close() {
      if (running) await (await running).close();
    },
  };
}
