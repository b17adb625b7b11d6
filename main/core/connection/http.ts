/**
 * The HTTP clients of one connection, all on the same credentials and body limits, each
 * with the policy its callers need.
 */
import { createHttp, type Http } from '../api/http';
import type { BodyLimits } from '../api/body-limits';
import type { Credentials } from '../session/credentials';

export interface ConnectionHttp {
  /** Screens' requests: the default timeouts and retries. */
  http: Http;
  /**
   * The address service's requests, retried like `http` but not heard by the judged link: a
   * server whose geocoder is broken or unset answers everything else, and the address field
   * already says so where it is asked.
   */
  addressHttp: Http;
  /** Big bodies fetched where they are decoded (the ingestor's fetch, worker-fetch.ts), retried like `http`. */
  bodyHttp: Http;
  /**
   * The pollers' big bodies: pollers retry on their own schedule (with backoff), so a poll
   * must fail fast rather than wait out retries and a long Retry-After while newer data is due.
   */
  pollHttp: Http;
  /** The outage probe runs again in a moment: a short timeout, no retries. */
  probeHttp: Http;
}

export function connectionHttp(o: {
  baseUrl: string;
  credentials: Credentials;
  bodyLimits: BodyLimits;
  heldFetch?: typeof fetch | undefined;
  /** Told of each retried attempt's error: retries never reach a poll's outcome, and the judged link must hear of them. */
  onRetry?: ((error: unknown) => void) | undefined;
}): ConnectionHttp {
  const base = { baseUrl: o.baseUrl, getToken: o.credentials.getToken, onUnauthorized: o.credentials.onUnauthorized, bodyLimits: o.bodyLimits };
  const retried = o.onRetry ? { onRetry: o.onRetry } : {};
  const held = o.heldFetch ? { fetchImpl: o.heldFetch } : {};
  return {
    http: createHttp({ ...base, ...retried }),
    addressHttp: createHttp(base),
    bodyHttp: createHttp({ ...base, ...retried, ...held }),
    pollHttp: createHttp({ ...base, retries: 0, maxRetryAfterMs: 0, timeoutMs: 20_000, ...held }),
    probeHttp: createHttp({ ...base, retries: 0, maxRetryAfterMs: 0, timeoutMs: 3_000 }),
  };
}
