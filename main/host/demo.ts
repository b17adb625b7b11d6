/**
 * The embedded demo: the simulator, in this process, on a free loopback port, started
 * on first use and kept for the life of the host. Its code is loaded then too: a whole
 * fleet service (its routes and their schemas, the world generator) that a console
 * signed in to a real one never runs, evaluated at every launch before the host listened.
 */
import type { DemoProvider } from '../core/session/session-service';
import type { SimulatorHandle } from '../../simulator';

export const DEMO_ACCOUNT = { login: 'demo', password: 'demo' } as const;

export function embeddedDemo(opts: { objects?: number; seed?: number } = {}): DemoProvider & { close(): Promise<void> } {
  let running: Promise<SimulatorHandle> | null = null;
  return {
    async start() {
      running ??= import('../../simulator').then(({ startSimulator }) => startSimulator({ port: 0, seed: opts.seed ?? 1, ...(opts.objects ? { objects: opts.objects } : {}) }));
      const sim = await running;
      return { baseUrl: sim.baseUrl, ...DEMO_ACCOUNT };
    },
    async close() {
      if (running) await (await running).close();
    },
  };
}
