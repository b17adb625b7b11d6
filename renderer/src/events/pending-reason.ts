/**
 * Why acknowledgements still wait: the core keeps the last failure of each queued entry
 * (`lastError` of a pending outbox item) and retries it with backoff. Without the reason a
 * count that never goes down ("1 waiting to be delivered") reads as a hang.
 */
import type { OutboxItem } from '../../../common/methods/outbox';
import { i18n } from '../i18n';

const ACK_KIND = 'events/ack';

/** The newest failure among the acknowledgements still queued, in words; null when none failed yet. */
export function pendingReason(entries: readonly OutboxItem[]): string | null {
  let last: OutboxItem | null = null;
  for (const e of entries) {
    if (e.state !== 'pending' || e.kind !== ACK_KIND || !e.lastError) continue;
    if (!last || e.updatedAt >= last.updatedAt) last = e;
  }
  // The core keeps it in the operator's words already (main/core/sync/failure-words.ts).
  return last?.lastError ? i18n.t('events:pendingReason', { reason: last.lastError }) : null;
}

