/**
 * A collection's pending changes (edits made while the service did not answer): each can be
 * cancelled; a conflict shows the record as it was when edited, my change and the service's
 * copy now, and the user keeps one.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueRecord, PendingChange } from '../../../../common/methods/catalogue';
import { onPush, rpc, RpcError } from '../../rpc/client';
import type { CollectionDesc } from './descriptor';
import { changeText } from '../../ui/change-text';
import { i18n } from '../../i18n';

const words = (e: unknown) => (e instanceof RpcError ? e.text : e instanceof Error ? e.message : String(e));
const show = (v: unknown) =>
  v === undefined || v === null ? '—' : Array.isArray(v) && v.every((x) => typeof x !== 'object') ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);

function usePending(collection: CollectionId): [PendingChange[], (c: PendingChange[]) => void] {
  const [changes, setChanges] = useState<PendingChange[]>([]);
  useEffect(() => {
    let live = true;
    const load = () => void rpc('catalogue/pending', { collection }).then((r) => live && setChanges(r.changes), () => {});
    load();
    const offs = [onPush('outbox/changed', load), onPush('catalogue/changed', (p) => p.collection === collection && load())];
    return () => {
      live = false;
      offs.forEach((off) => off());
    };
  }, [collection]);
  return [changes, setChanges];
}

/** A field by its form's label, else by its service name. */
const fieldLabel = (desc: CollectionDesc) => (f: string) => {
  const key = desc.fields.find((x) => x.name === f)?.label;
  return key ? i18n.t(`admin:${key}`) : f;
};

function Conflict({ desc, change, onDone }: { desc: CollectionDesc; change: PendingChange; onDone: (c: PendingChange[]) => void }) {
  const { t } = useTranslation('admin');
  const [theirs, setTheirs] = useState<CatalogueRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (change.recordId === null) return;
    rpc('catalogue/get', { collection: change.collection, id: change.recordId }).then(setTheirs, (e: unknown) => setError(words(e)));
  }, [change]);
  const fields = Object.keys(change.record ?? {}).filter((f) => f !== 'Id');
  const label = fieldLabel(desc);
  const resolve = (keep: 'mine' | 'theirs') => void rpc('catalogue/resolve', { id: change.id, keep }).then((r) => onDone(r.changes), (e: unknown) => setError(words(e)));
  return (
    <div className="cat-conflict">
      <table aria-label={t('catalogue.pending.conflictOf', { summary: changeText(change.words, label) })}>
        <thead>
          <tr>
            <th scope="col">{t('catalogue.pending.field')}</th>
            <th scope="col">{t('catalogue.pending.whenEdited')}</th>
            <th scope="col">{t('catalogue.pending.mine')}</th>
            <th scope="col">{t('catalogue.pending.serviceNow')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f}>
              <th scope="row">{label(f)}</th>
              <td>{show(change.base?.[f])}</td>
              <td>{show(change.record?.[f])}</td>
              <td>{theirs ? show(theirs[f]) : '…'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && <p className="error">{error}</p>}
      <div className="buttons">
        <button type="button" onClick={() => resolve('theirs')}>
          {t('catalogue.pending.keepTheirs')}
        </button>
        <button type="button" className="primary" onClick={() => resolve('mine')}>
          {t('catalogue.pending.keepMine')}
        </button>
      </div>
    </div>
  );
}

export function PendingChanges({ desc }: { desc: CollectionDesc }) {
  const { t } = useTranslation('admin');
  const [changes, setChanges] = usePending(desc.id);
  const [error, setError] = useState<string | null>(null);
  if (changes.length === 0) return null;
  const label = fieldLabel(desc);
  const cancel = (id: number) => void rpc('catalogue/cancelPending', { id }).then((r) => setChanges(r.changes), (e: unknown) => setError(words(e)));
  return (
    <section className="cat-pending" aria-label={t('catalogue.pending.label')}>
      <h3>{t('catalogue.pending.heading', { n: changes.length })}</h3>
      <p className="hint">{t('catalogue.pending.explain')}</p>
      <ul>
        {changes.map((c) => {
          const said = changeText(c.words, label);
          return (
            <li key={c.id} aria-label={said}>
              <span>{said}</span>{' '}
              <span className="hint">
                {c.state === 'pending' ? t('catalogue.pending.waiting') : c.state === 'conflict' ? t('catalogue.pending.conflict') : t('catalogue.pending.refused', { why: c.lastError ?? '' })}
              </span>{' '}
              {c.state !== 'conflict' && (
                <button type="button" onClick={() => cancel(c.id)} aria-label={t('catalogue.pending.cancelOf', { summary: said })}>
                  {t('common.cancel')}
                </button>
              )}
              {c.state === 'conflict' && <Conflict desc={desc} change={c} onDone={setChanges} />}
            </li>
          );
        })}
      </ul>
      {error && <p className="error">{error}</p>}
    </section>
  );
}
