import type { HandlerMap } from '../rpc/dispatcher';
import { mainStats } from '../diagnostics/main-stats';
import { workerHeaps } from '../workers/client';

export function diagnosticsHandlers(): HandlerMap {
  const stats = mainStats();
  return {
    'diagnostics/stats': async (a) => ({ ...stats.read(a.reset), threads: await workerHeaps() }),
  };
}
