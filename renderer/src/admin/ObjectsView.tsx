import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_BY_KIND, type ActionInfo } from './actions';
import { useShortcutTargets } from '../shortcuts/targets';
import { ActionDialog } from './ActionDialog';
import { AdminTable } from './AdminTable';
import { AdminToolbar } from './AdminToolbar';
import { loadAdminObjects, useAdminObjects } from './objects-store';
import { useAdminReference } from './reference';
import { SelectionBar } from './SelectionBar';
import { useAdminTable, type AdminFilters } from './use-admin-table';
import { useAdminSelection } from './use-selection';

/** The table of every object with its search, filters, selection and the actions on it. */
export function ObjectsView() {
  const { t } = useTranslation('admin');
  const { rows, error, loading, fetchedAt } = useAdminObjects();
  const ref = useAdminReference();
  const [filters, setFilters] = useState<AdminFilters>({ query: '', companyId: null, groupId: null });
  const model = useAdminTable(rows, filters);
  const sel = useAdminSelection(rows, model.order);
  const [action, setAction] = useState<ActionInfo | null>(null);
  useShortcutTargets({
    'admin.selectAll': () => sel.allShown(true),
    'admin.clearSelection': () => sel.ids.size > 0 && (sel.clear(), true),
    'admin.delete': () => sel.ids.size > 0 && (setAction(ACTION_BY_KIND.get('delete')!), true),
    'admin.refresh': () => void loadAdminObjects(true),
  });
  const targets = useMemo(() => (action ? rows.filter((r) => sel.ids.has(r.id)) : []), [action, rows, sel.ids]);
  return (
    <section className="admin-objects" aria-label={t('tabs.objects')}>
      <AdminToolbar filters={filters} onFilters={setFilters} companies={ref.companies} groups={ref.groups} />
      {error && (
        <p role="alert" className="error admin-note">
          {error}{' '}
          <button type="button" className="link" onClick={() => void loadAdminObjects(true)}>
            {t('common.tryAgain')}
          </button>
        </p>
      )}
      {fetchedAt === null && loading ? (
        <p role="status" className="hint admin-note">
          {t('objects.loading')}
        </p>
      ) : (
        <AdminTable model={model} selected={sel.ids} onClick={sel.click} onAllShown={sel.allShown} />
      )}
      <SelectionBar selected={sel.ids.size} shown={model.rows.length} total={rows.length} onClear={sel.clear} onAction={setAction} />
      {action && <ActionDialog action={action} targets={targets} onClose={() => setAction(null)} />}
    </section>
  );
}
