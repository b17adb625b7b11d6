/**
 * A collection's pending changes (edits made while the service did not answer): each can be
 * cancelled; a conflict shows the record as it was when edited, my change and the service's
 * copy now, and the user keeps one.
 */
import { useEffect, useState } from 'react';
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueRecord, PendingChange } from '../../../../common/methods/catalogue';
import { onPush, rpc, RpcError } from '../../rpc/client';
import type { CollectionDesc } from './descriptor';

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

function Conflict({ desc, change, onDone }: { desc: CollectionDesc; change: PendingChange; onDone: (c: PendingChange[]) => void }) {
  const [theirs, setTheirs] = useState<CatalogueRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (change.recordId === null) return;
    rpc('catalogue/get', { collection: change.collection, id: change.recordId }).then(setTheirs, (e: unknown) => setError(words(e)));
  }, [change]);
  const fields = Object.keys(change.record ?? {}).filter((f) => f !== 'Id');
  const label = (f: string) => desc.fields.find((x) => x.name === f)?.label ?? f;
  const resolve = (keep: 'mine' | 'theirs') => void rpc('catalogue/resolve', { id: change.id, keep }).then((r) => onDone(r.changes), (e: unknown) => setError(words(e)));
  return (
    <div className="cat-conflict">
      <table aria-label={`Conflict: ${change.summary}`}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">When edited</th>
            <th scope="col">Mine</th>
            <th scope="col">Service now</th>
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
          Keep the service’s
        </button>
        <button type="button" className="primary" onClick={() => resolve('mine')}>
          Keep mine
        </button>
      </div>
    </div>
  );
}

export function PendingChanges({ desc }: { desc: CollectionDesc }) {
  const [changes, setChanges] = usePending(desc.id);
  const [error, setError] = useState<string | null>(null);
  if (changes.length === 0) return null;
  const cancel = (id: number) => void rpc('catalogue/cancelPending', { id }).then((r) => setChanges(r.changes), (e: unknown) => setError(words(e)));
  return (
    <section className="cat-pending" aria-label="Pending changes">
      <h3>Pending changes ({changes.length})</h3>
      <p className="hint">Made while the service did not answer; sent in order when it answers again.</p>
      <ul>
        {changes.map((c) => (
          <li key={c.id} aria-label={c.summary}>
            <span>{c.summary}</span>{' '}
            <span className="hint">
              {c.state === 'pending' ? 'waiting' : c.state === 'conflict' ? 'conflict: the service’s copy changed since' : `refused: ${c.lastError ?? ''}`}
            </span>{' '}
            {c.state !== 'conflict' && (
              <button type="button" onClick={() => cancel(c.id)} aria-label={`Cancel ${c.summary}`}>
                Cancel
              </button>
            )}
            {c.state === 'conflict' && <Conflict desc={desc} change={c} onDone={setChanges} />}
          </li>
        ))}
      </ul>
      {error && <p className="error">{error}</p>}
    </section>
  );
}
