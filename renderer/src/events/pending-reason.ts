/**
 * Why acknowledgements still wait: the core keeps the last failure of each queued entry
 * (`lastError` of a pending outbox item) and retries it with backoff. Without the reason a
 * count that never goes down ("1 waiting to be delivered") reads as a hang.
 */
import type { OutboxItem } from '../../../common/methods/outbox';

const ACK_KIND = 'events/ack';

/** The newest failure among the acknowledgements still queued, in words; null when none failed yet. */
export function pendingReason(entries: readonly OutboxItem[]): string | null {
  let last: OutboxItem | null = null;
  for (const e of entries) {
    if (e.state !== 'pending' || e.kind !== ACK_KIND || !e.lastError) continue;
    if (!last || e.updatedAt >= last.updatedAt) last = e;
  }
  return last?.lastError ? `${failureText(last.lastError)}; retrying` : null;
}

/**
 * "POST /api/Events/ack: Internal error (HTTP 500)" → "the service answered 500 (Internal error)".
 * The endpoint means nothing to an operator; the status and the service's words do.
 */
export function failureText(error: string): string {
  const words = error.replace(/^(?:[A-Z]+ )?\/\S*: /, '').trim();
  const http = /^(.*?)\s*\(HTTP (\d{3})\)$/.exec(words);
  if (!http) return words || 'the last attempt failed';
  return `the service answered ${http[2]}${http[1] ? ` (${http[1]})` : ''}`;
}
