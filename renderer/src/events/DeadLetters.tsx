import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import type { OutboxItem, OutboxState } from '../../../common/methods/outbox';
import { RpcError, onPush, rpc } from '../rpc/client';
import { momentText } from '../ui/time';
import { outboxItemText } from '../ui/change-text';
import { navigate } from '../ui/route';
import '../ui/notices.css';

/**
 * Where a catalogue edit's conflict is settled (its collection's pending changes), or null.
 * Sent again as it is, it only met the same conflict: the user chooses mine or the service's there.
 */
function conflictOf(e: OutboxItem): string | null {
  if (!e.change || !e.conflict) return null;
  return e.change.collection === 'geozones' ? '/admin/geozones' : `/admin/catalogue/${e.change.collection}`;
}

/**
 * The outbox's dead letters: writes the service refused for good, or that could not be
 * read back, each with what it was, why, and what the user can do. The queue behind them
 * went on; nothing here is retried unless the user asks.
 */
export function DeadLetters() {
  const { t } = useTranslation('events');
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
      <h2 id="dead-letters-title">{t('deadLetters.title')}</h2>
      <ul aria-labelledby="dead-letters-title">
        {failed.map((e) => {
          const said = outboxItemText(e);
          const choose = conflictOf(e);
          return (
            <li key={e.id}>
              <strong>{said}</strong>
              <span className="why">
                {t('deadLetters.why', { error: e.lastError ?? t('deadLetters.refused'), time: momentText(e.updatedAt) })}
              </span>
              {choose ? (
                <button type="button" aria-label={t('deadLetters.chooseLabel', { summary: said })} onClick={() => navigate(choose)}>
                  {t('deadLetters.choose')}
                </button>
              ) : (
                <button type="button" disabled={busy === e.id} aria-label={t('deadLetters.tryAgainLabel', { summary: said })} onClick={() => act(e.id, 'outbox/retry')}>
                  {t('deadLetters.tryAgain')}
                </button>
              )}
              <button type="button" disabled={busy === e.id} aria-label={t('deadLetters.discardLabel', { summary: said })} onClick={() => act(e.id, 'outbox/discard')}>
                {t('deadLetters.discard')}
              </button>
            </li>
          );
        })}
      </ul>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
