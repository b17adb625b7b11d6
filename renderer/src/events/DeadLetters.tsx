import { useEffect, useState } from 'react';
import type { OutboxItem, OutboxState } from '../../../common/methods/outbox';
import { RpcError, onPush, rpc } from '../rpc/client';
import { momentText } from '../ui/time';
import '../ui/notices.css';

/**
 * The outbox's dead letters: writes the service refused for good, or that could not be
 * read back, each with what it was, why, and what the user can do. The queue behind them
 * went on; nothing here is retried unless the user asks.
 */
export function DeadLetters() {
  const [failed, setFailed] = useState<OutboxItem[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const take = (s: OutboxState) => setFailed(s.entries.filter((e) => e.state === 'failed'));
    const off = onPush('outbox/changed', take);
    rpc('outbox/list', {})
      .then(take)
      .catch(() => {});
    return off;
  }, []);
  if (failed.length === 0) return null;
  const act = (id: number, name: 'outbox/retry' | 'outbox/discard') => {
    setBusy(id);
    setError(null);
    rpc(name, { id })
      .then((s) => setFailed(s.entries.filter((e) => e.state === 'failed')))
      .catch((e: unknown) => setError(e instanceof RpcError ? e.text : String(e)))
      .finally(() => setBusy(null));
  };
  return (
    <section className="dead-letters" aria-labelledby="dead-letters-title">
      <h2 id="dead-letters-title">Writes that could not be delivered</h2>
      <ul aria-labelledby="dead-letters-title">
        {failed.map((e) => (
          <li key={e.id}>
            <strong>{e.summary}</strong>
            <span className="why">
              {e.lastError ?? 'Refused'} ({momentText(e.updatedAt)})
            </span>
            <button type="button" disabled={busy === e.id} aria-label={`Try again: ${e.summary}`} onClick={() => act(e.id, 'outbox/retry')}>
              Try again
            </button>
            <button type="button" disabled={busy === e.id} aria-label={`Discard: ${e.summary}`} onClick={() => act(e.id, 'outbox/discard')}>
              Discard
            </button>
          </li>
        ))}
      </ul>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
