/**
 * What the header says about the connection, in plain words: the state judged over the last
 * minute (the core's `link`), and the positions' age, amber once they are older than twice
 * their poll period whatever the requests say. Technical detail (endpoints, statuses) is for
 * the connection panel, never here.
 */
import type { Connectivity, ConnectivityState } from '../../../common/methods/connectivity';
import { i18n } from '../i18n';

/** The status poll's period when the core has not said (its default). */
const DEFAULT_STATUS_POLL_MS = 5_000;

export interface LinkWords {
  /** The colour: green, amber or red. */
  tone: Connectivity;
  /** "Online", "Poor connection: retrying", "Offline", "Updates late", "Connecting…". */
  headline: string;
  /** "Positions 40 s old", or null before any arrived. */
  age: string | null;
  /** Both as one sentence ("Poor connection: retrying. Positions 30 s old"). */
  text: string;
}

/** "12 s old", "3 min old", "2 h old", "4 d old". */
export function oldText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return i18n.t('ui:link.old.s', { n: s });
  const m = Math.floor(s / 60);
  if (m < 60) return i18n.t('ui:link.old.min', { n: m });
  const h = Math.floor(m / 60);
  return h < 48 ? i18n.t('ui:link.old.h', { n: h }) : i18n.t('ui:link.old.d', { n: Math.floor(h / 24) });
}

/** Positions older than this are late, whatever the connection's state. */
export function lateAfterMs(s: ConnectivityState | null): number {
  return 2 * (s?.pollMs?.status ?? DEFAULT_STATUS_POLL_MS);
}

export function linkWords(s: ConnectivityState | null, positionsAt: number | null, now: number): LinkWords {
  const age = positionsAt ? i18n.t('ui:link.positions', { old: oldText(now - positionsAt) }) : null;
  const words = (tone: Connectivity, headline: string): LinkWords => ({ tone, headline, age, text: age ? i18n.t('ui:link.sentence', { headline, age }) : headline });
  // Nothing has answered yet and nothing has failed: the first polls are on their way.
  if (!s || (s.state === 'offline' && s.lastError === null && Object.keys(s.lastGood).length === 0)) return words('offline', i18n.t('ui:link.connecting'));
  const judged = s.link?.state ?? s.state;
  if (judged === 'offline') return words('offline', i18n.t('ui:link.offline'));
  if (judged === 'degraded') return words('degraded', i18n.t('ui:link.degraded'));
  const late = positionsAt !== null && now - positionsAt > lateAfterMs(s);
  return late ? words('degraded', i18n.t('ui:link.late')) : words('online', i18n.t('ui:link.online'));
}
