import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { AckError } from '../../../common/methods/events';

/** Acknowledgements the service refused for good: the reason, and what the operator can do. */
export function AckErrors({ errors, onRetry, onDiscard }: { errors: AckError[]; onRetry: (entryId: number) => Promise<void>; onDiscard: (entryId: number) => Promise<void> }) {
  const { t } = useTranslation('events');
  const [busy, setBusy] = useState<number | null>(null);
  const entries = new Map<number, { error: string; ids: number[] }>();
  for (const e of errors) {
    const x = entries.get(e.entryId) ?? { error: e.error, ids: [] };
    x.ids.push(e.eventId);
    entries.set(e.entryId, x);
  }
  if (entries.size === 0) return null;
  const run = (id: number, f: (id: number) => Promise<void>) => {
    setBusy(id);
    void f(id).finally(() => setBusy(null));
  };
  return (
    <div role="alert" className="ack-errors">
      {[...entries].map(([entryId, x]) => (
        <p key={entryId}>
          {t('ackErrors.refused', { count: x.ids.length, error: x.error })}{' '}
          <button type="button" disabled={busy === entryId} onClick={() => run(entryId, onRetry)}>
            {t('ackErrors.retry')}
          </button>{' '}
          <button type="button" disabled={busy === entryId} onClick={() => run(entryId, onDiscard)}>
            {t('ackErrors.keep')}
          </button>
        </p>
      ))}
    </div>
  );
}
