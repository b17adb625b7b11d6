import { useState } from 'react';
import type { AckError } from '../../../common/methods/events';

/** Acknowledgements the service refused for good: the reason, and what the operator can do. */
export function AckErrors({ errors, onRetry, onDiscard }: { errors: AckError[]; onRetry: (entryId: number) => Promise<void>; onDiscard: (entryId: number) => Promise<void> }) {
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
          {x.ids.length === 1 ? 'An acknowledgement was' : `${x.ids.length} acknowledgements were`} refused: {x.error}. The event{x.ids.length === 1 ? ' is' : 's are'} back in the list.{' '}
          <button type="button" disabled={busy === entryId} onClick={() => run(entryId, onRetry)}>
            Retry
          </button>{' '}
          <button type="button" disabled={busy === entryId} onClick={() => run(entryId, onDiscard)}>
            Keep unacknowledged
          </button>
        </p>
      ))}
    </div>
  );
}
