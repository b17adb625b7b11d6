/**
 * How long the page waits for each call's reply before it gives up with a clear error: a
 * reply lost on the way (a dropped frame, a host that never answers) must not leave a screen
 * waiting forever. The core bounds each HTTP request itself (15 s, 60 s for history windows,
 * with retries); these only catch what it cannot.
 */
import type { ErrorCode } from '../../../common/errors';
import { i18n } from '../i18n';

/** Most calls: several of the core's 15 s requests with their retries fit. */
export const DEFAULT_DEADLINE_MS = 60_000;

/**
 * History over a long interval is fetched in windows of at most the service's length, each
 * with its own 60–120 s timeout and retries, and reports its progress by pushes meanwhile.
 */
export const HISTORY_DEADLINE_MS = 10 * 60_000;

const LONG = new Set([
  'history/load',
  'history/read',
  'history/packets',
  'history/overview',
  'history/dailyStat',
  'history/driverSessions',
  'history/parkingMoto',
  // A preview or a matching of thousands of objects reads each one's current value first.
  'jobs/import-parse',
  'jobs/import-match',
  'historyImport/preview',
  'jobs/preview',
  'jobs/export',
  'admin/counters',
  // Thousands of objects over a month run as many batched requests, with progress pushes.
  'reports/run',
  'reports/dashboard',
  'reports/template-result',
  // A zip of many files downloads each one first; an attachment uploads up to 20 MB.
  'files/zip',
  'files/attach',
]);

/**
 * The contract's writes (a test keeps this list equal to their `write` flags). A write whose
 * reply never came may have been done: that is `unknown_outcome`, never "failed".
 */
export const WRITES: ReadonlySet<string> = new Set([
  'session/signIn',
  'session/resume',
  'session/useDemo',
  'session/signOut',
  'session/switch',
  'session/rename',
  'session/forget',
  'session/clearCache',
  'events/ack',
  'commands/send',
  'outbox/retry',
  'outbox/discard',
  'tiles/setUrl',
  'notices/dismiss',
  'jobs/start',
  'jobs/pause',
  'jobs/resume',
  'jobs/cancel',
  'jobs/retry-failed',
  'jobs/revert',
  'catalogue/create',
  'catalogue/update',
  'catalogue/delete',
  'catalogue/cancelPending',
  'catalogue/resolve',
  'geozones/create',
  'geozones/update',
  'geozones/delete',
  'files/attach',
  'historyImport/start',
  'historyImport/startMany',
  'settings/set',
]);

export function deadlineMs(name: string): number {
  return LONG.has(name) ? HISTORY_DEADLINE_MS : DEFAULT_DEADLINE_MS;
}

export function timeoutError(name: string, ms: number): { code: ErrorCode; message: string } {
  const waited = ms >= 60_000 ? i18n.t('rpc:timeout.min', { n: Math.round(ms / 60_000) }) : i18n.t('rpc:timeout.s', { n: Math.round(ms / 1000) });
  return WRITES.has(name)
    ? { code: 'unknown_outcome', message: i18n.t('rpc:timeout.write', { name, waited }) }
    : { code: 'offline', message: i18n.t('rpc:timeout.read', { name, waited }) };
}
