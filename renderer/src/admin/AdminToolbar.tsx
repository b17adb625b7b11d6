import { useTranslation } from 'react-i18next';
import type { AdminChoice } from '../../../common/methods/jobs';
import type { AdminFilters } from './use-admin-table';

interface Props {
  filters: AdminFilters;
  onFilters: (f: AdminFilters) => void;
  companies: AdminChoice[];
  groups: AdminChoice[];
}

/** The search and the two filters: what decides which objects the table shows. */
export function AdminToolbar({ filters, onFilters, companies, groups }: Props) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-toolbar" role="search" aria-label={t('objects.find')}>
      <input
        type="search"
        aria-label={t('objects.searchLabel')}
        placeholder={t('objects.searchPlaceholder')}
        value={filters.query}
        onChange={(e) => onFilters({ ...filters, query: e.target.value })}
      />
      <select aria-label={t('objects.byCompany')} value={filters.companyId ?? ''} onChange={(e) => onFilters({ ...filters, companyId: e.target.value ? Number(e.target.value) : null })}>
        <option value="">{t('objects.allCompanies')}</option>
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <select aria-label={t('objects.byGroup')} value={filters.groupId ?? ''} onChange={(e) => onFilters({ ...filters, groupId: e.target.value ? Number(e.target.value) : null })}>
        <option value="">{t('objects.allGroups')}</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}
