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
  return (
    <div className="admin-toolbar" role="search" aria-label="Find objects">
      <input
        type="search"
        aria-label="Search objects by name, plate or IMEI"
        placeholder="Search name, plate, IMEI"
        value={filters.query}
        onChange={(e) => onFilters({ ...filters, query: e.target.value })}
      />
      <select aria-label="Filter by company" value={filters.companyId ?? ''} onChange={(e) => onFilters({ ...filters, companyId: e.target.value ? Number(e.target.value) : null })}>
        <option value="">All companies</option>
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <select aria-label="Filter by group" value={filters.groupId ?? ''} onChange={(e) => onFilters({ ...filters, groupId: e.target.value ? Number(e.target.value) : null })}>
        <option value="">All groups</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}
