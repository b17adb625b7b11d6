/**
 * When the events feed was last checked, and whether checks are failing. A push comes only
 * when the events change, so its time made a working, quiet feed look stale; the core's
 * connectivity state records every successful poll (`lastGood.events`) and is pushed each time.
 */
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { ageText } from '../ui/format';

/** Three missed polls at the default 10 s: one slow answer is not yet "failing". */
export const CHECKS_FAILING_AFTER_MS = 30_000;

export interface FeedCheck {
  /** "checked 3 s ago", or null before the first check. */
  checked: string | null;
  /** "Checks are failing: last success 2 min ago", or null while they succeed. */
  failing: string | null;
}

export function feedCheck(conn: ConnectivityState | null, fallback: number | null, now: number): FeedCheck {
  const last = conn?.lastGood.events ?? fallback;
  const checked = last ? `checked ${ageText(last, now)}` : null;
  if (!conn?.lastError) return { checked, failing: null };
  // Offline with an error is evidence every poll fails; degraded may be another data set's trouble.
  const stale = !last || now - last > CHECKS_FAILING_AFTER_MS;
  if (conn.state !== 'offline' && !stale) return { checked, failing: null };
  return { checked, failing: `Checks are failing: last success ${ageText(last, now)}` };
}
