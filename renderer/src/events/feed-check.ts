/**
 * When the events feed was last checked, and whether checks are failing. A push comes only
 * when the events change, so its time made a working, quiet feed look stale; the core's
 * connectivity state records every successful poll (`lastGood.events`) and is pushed each time.
 * Trouble is read from the judged link, as the header reads it: the raw state went offline on
 * two dropped requests in a row and its error cleared at any answer, so on a bad link the
 * warning flashed on and off, and an events check stopped for minutes went unmentioned.
 */
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { ageText } from '../ui/format';
import { i18n } from '../i18n';

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
  const checked = last ? i18n.t('events:feedCheck.checked', { age: ageText(last, now) }) : null;
  if (!conn) return { checked, failing: null };
  const link = conn.link;
  const troubled = link ? link.state !== 'online' || link.failed > 0 : conn.lastError !== null;
  if (!troubled) return { checked, failing: null };
  // Judged offline is evidence every poll fails; a poor link may be another data set's trouble.
  const stale = !last || now - last > CHECKS_FAILING_AFTER_MS;
  if ((link?.state ?? conn.state) !== 'offline' && !stale) return { checked, failing: null };
  return { checked, failing: i18n.t('events:feedCheck.failing', { age: ageText(last, now) }) };
}
