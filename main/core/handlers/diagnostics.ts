import type { HandlerMap } from '../rpc/dispatcher';
import { mainStats } from '../diagnostics/main-stats';

export function diagnosticsHandlers(): HandlerMap {
  const stats = mainStats();
  return {
    'diagnostics/stats': (a) => stats.read(a.reset),
  };
}
