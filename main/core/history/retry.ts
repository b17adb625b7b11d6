/** How a history window that failed is tried again (loader.ts). */
import { isFleetError } from '../../../common/errors';

/**
 * A window that failed is tried again after each of these waits (59 s in all): a field
 * engineer's link drops for tens of seconds, and three quick tries in 0.7 s gave up for good.
 */
export const RETRY_DELAYS_MS: readonly number[] = [2_000, 4_000, 8_000, 15_000, 30_000];

/** Failures a later try may cure: the network, the service's 5xx, a rate limit, a lost answer. */
export function retryable(e: unknown): boolean {
  if (!isFleetError(e)) return true;
  return e.code === 'offline' || e.code === 'server_error' || e.code === 'rate_limited' || e.code === 'unknown_outcome';
}

/** A wait that ends early, with the signal's reason, when the load is cancelled. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
