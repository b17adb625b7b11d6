/**
 * One collection: its list with the data's age, what the account may not do (said, not
 * hidden), and beside it the chosen record's form or a new one. The route holds the choice:
 * #/admin/catalogue/<collection>[/new | /<id>].
 */
import { useTranslation } from 'react-i18next';
import { COLLECTION_OPS } from '../../../../common/catalogue';
import { navigate } from '../../ui/route';
import { ageText } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import { collectionKey, type CollectionDesc } from './descriptor';
import { RecordExtras } from './extras/RecordExtras';
import { PendingChanges } from './PendingChanges';
import { RecordForm } from './RecordForm';
import { RecordTable } from './RecordTable';
import { useCollection } from './use-collection';
import { useShortcutTargets } from '../../shortcuts/targets';

export function CollectionView({ desc, chosen }: { desc: CollectionDesc; chosen: 'new' | number | null }) {
  const { t } = useTranslation('admin');
  const { list, loading, error, refresh } = useCollection(desc.id);
  const title = t(collectionKey(desc.id, 'title'));
  const now = useNow(10_000);
  const base = `/admin/catalogue/${desc.id}`;
  const readOnly = list?.readOnly ?? null;
  const canCreate = COLLECTION_OPS[desc.id].includes('create') && !readOnly;
  useShortcutTargets({ 'admin.new': canCreate ? () => navigate(`${base}/new`) : null, 'admin.refresh': refresh });
  const record = typeof chosen === 'number' ? (list?.records.find((r) => r.Id === chosen) ?? null) : null;
  return (
    <section className="cat-view" aria-label={title}>
      <header className="cat-head">
        <h2>{title}</h2>
        <span className="hint" role="status">
          {loading && !list ? t('common.loading') : list?.fetchedAt ? t(list.staleReason ? 'catalogue.keptCopy' : 'catalogue.updated', { age: ageText(list.fetchedAt, now) }) : ''}
        </span>
        <span className="spacer" />
        <button type="button" onClick={refresh}>
          {t('catalogue.refresh')}
        </button>
        {canCreate && (
          <button type="button" className="primary" onClick={() => navigate(`${base}/new`)}>
            {t(collectionKey(desc.id, 'new'))}
          </button>
        )}
      </header>
      {readOnly && (
        <p className="warning" role="note">
          {t('catalogue.readOnly', { why: readOnly })}
        </p>
      )}
      {desc.note && <p className="hint cat-note">{t(desc.note)}</p>}
      {list?.staleReason && !readOnly && (
        <p className="warning" role="note">
          {t('catalogue.stale', { why: list.staleReason, age: ageText(list.fetchedAt, now) })}
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
          {...(readOnly && list?.fetchedAt === null ? { empty: t('catalogue.notAllowed') } : {})}
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
