import { useTable, type ColumnFiltersState, type SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { adminColumns, adminFeatures, searchFilter } from './admin-columns';
import type { AdminRow } from './admin-rows';

export interface AdminFilters {
  query: string;
  companyId: number | null;
  groupId: number | null;
}

/** The table's state (sort, search, filters) and the rows it keeps, in their shown order. */
export function useAdminTable(data: AdminRow[], filters: AdminFilters) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const columnFilters = useMemo((): ColumnFiltersState => {
    const f: ColumnFiltersState = [];
    if (filters.companyId !== null) f.push({ id: 'company', value: filters.companyId });
    if (filters.groupId !== null) f.push({ id: 'groups', value: filters.groupId });
    return f;
  }, [filters.companyId, filters.groupId]);
  const table = useTable({
    features: adminFeatures,
    columns: adminColumns,
    data,
    getRowId: (r) => String(r.id),
    state: { sorting, columnFilters, globalFilter: filters.query.trim() || undefined },
    onSortingChange: setSorting,
    globalFilterFn: searchFilter,
    // Every column sorts ascending first, numbers too: one rule for every header click.
    sortDescFirst: false,
  });
  const rows = table.getRowModel().rows;
  const order = useMemo(() => rows.map((r) => r.original.id), [rows]);
  return { table, rows, order, sorting };
}
