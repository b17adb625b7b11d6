/**
 * One collection: its list with the data's age, what the account may not do (said, not
 * hidden), and beside it the chosen record's form or a new one. The route holds the choice:
 * #/admin/catalogue/<collection>[/new | /<id>].
 */
import { COLLECTION_OPS } from '../../../../common/catalogue';
import { navigate } from '../../ui/route';
import { ageText } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import type { CollectionDesc } from './descriptor';
import { RecordExtras } from './extras/RecordExtras';
import { PendingChanges } from './PendingChanges';
import { RecordForm } from './RecordForm';
import { RecordTable } from './RecordTable';
import { useCollection } from './use-collection';
import { useShortcutTargets } from '../../shortcuts/targets';

export function CollectionView({ desc, chosen }: { desc: CollectionDesc; chosen: 'new' | number | null }) {
  const { list, loading, error, refresh } = useCollection(desc.id);
  const now = useNow(10_000);
  const base = `/admin/catalogue/${desc.id}`;
  const readOnly = list?.readOnly ?? null;
  const canCreate = COLLECTION_OPS[desc.id].includes('create') && !readOnly;
  useShortcutTargets({ 'admin.new': canCreate ? () => navigate(`${base}/new`) : null, 'admin.refresh': refresh });
  const record = typeof chosen === 'number' ? (list?.records.find((r) => r.Id === chosen) ?? null) : null;
  return (
    <section className="cat-view" aria-label={desc.title}>
      <header className="cat-head">
        <h2>{desc.title}</h2>
        <span className="hint" role="status">
          {loading && !list ? 'Loading…' : list?.fetchedAt ? `${list.staleReason ? 'Kept copy' : 'Updated'} ${ageText(list.fetchedAt, now)}` : ''}
        </span>
        <span className="spacer" />
        <button type="button" onClick={refresh}>
          Refresh
        </button>
        {canCreate && (
          <button type="button" className="primary" onClick={() => navigate(`${base}/new`)}>
            New {desc.one}
          </button>
        )}
      </header>
      {readOnly && (
        <p className="warning" role="note">
          Read-only: {readOnly}
        </p>
      )}
      {desc.note && <p className="hint cat-note">{desc.note}</p>}
      {list?.staleReason && !readOnly && (
        <p className="warning" role="note">
          The service did not answer ({list.staleReason}); this is the copy kept from {ageText(list.fetchedAt, now)}.
        </p>
      )}
      <PendingChanges desc={desc} />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="cat-body">
        <RecordTable desc={desc} records={list?.records ?? []} selected={typeof chosen === 'number' ? chosen : null} onOpen={(r) => navigate(`${base}/${r.Id}`)}
          {...(readOnly && list?.fetchedAt === null ? { empty: 'Nothing to show: this account may not see them.' } : {})}
        />
        {(chosen === 'new' && canCreate) || record ? (
          <RecordForm
            key={`${desc.id}-${String(chosen)}`}
            desc={desc}
            record={record}
            readOnly={readOnly !== null}
            onDone={() => navigate(base)}
            extra={<RecordExtras desc={desc} record={record} />}
          />
        ) : null}
      </div>
    </section>
  );
}
