/**
 * The Admin table's columns on TanStack Table: sorting, the search (global filter) and the
 * company and group filters (column filters) run in its row models; rendering and
 * virtualisation are ours (AdminTable.tsx).
 */
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  type ColumnDef,
  type FilterFn,
} from '@tanstack/react-table';
import { currentLanguage } from '../i18n';
import { dateText, rowMatches, type AdminRow } from './admin-rows';
import { IconImage } from './IconImage';

export const adminFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
type F = typeof adminFeatures;

/** The search matches name, plate and IMEI of the row (run once per row: only the name column takes part). */
export const searchFilter: FilterFn<F, AdminRow> = (row, _col, q: string) => rowMatches(row.original, q);
const companyFilter: FilterFn<F, AdminRow> = (row, _col, id: number) => row.original.companyId === id;
const groupFilter: FilterFn<F, AdminRow> = (row, _col, id: number) => row.original.groupIds.includes(id);

export type AdminColumnId = 'name' | 'plate' | 'imei' | 'company' | 'model' | 'groups' | 'odometer' | 'engine' | 'paidTill' | 'icon';

/** Counters, right-aligned in tabular figures so their digits line up down the column. */
export const NUMERIC_COLUMNS: ReadonlySet<string> = new Set<AdminColumnId>(['odometer', 'engine']);

/** Widths: the table scrolls sideways below their sum rather than squeezing names into ellipses. */
export const COLUMN_WIDTH: Record<AdminColumnId, string> = {
  name: 'minmax(160px, 1.6fr)',
  plate: 'minmax(90px, 0.8fr)',
  imei: 'minmax(140px, 1fr)',
  company: 'minmax(120px, 1fr)',
  model: 'minmax(90px, 0.8fr)',
  groups: 'minmax(120px, 1fr)',
  odometer: 'minmax(100px, 0.7fr)',
  engine: 'minmax(100px, 0.7fr)',
  paidTill: 'minmax(100px, 0.7fr)',
  icon: '56px',
};
export const CHECK_WIDTH = '36px';
export const TABLE_MIN_WIDTH = 36 + 160 + 90 + 140 + 120 + 90 + 120 + 100 + 100 + 100 + 56 + 11 * 8 + 20;

/**
 * One decimal always, so a right-aligned column's digits line up (107,556.0 above 36,305.2),
 * grouped and pointed as the console's language writes numbers (one formatter per language).
 */
const TENTHS = new Map<string, Intl.NumberFormat>();
function num(v: number | null): string {
  if (v === null) return '—';
  const lang = currentLanguage();
  let f = TENTHS.get(lang);
  if (!f) TENTHS.set(lang, (f = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })));
  return f.format(v);
}

/** A value that may not be known yet (null): sorted by value, the unknown ones last. */
function maybeKnown(id: AdminColumnId, header: string, value: (r: AdminRow) => number | null, text: (v: number | null) => string): ColumnDef<F, AdminRow> {
  return {
    id,
    header,
    accessorFn: (r) => value(r) ?? undefined,
    sortFn: 'basic',
    sortUndefined: 'last',
    enableGlobalFilter: false,
    cell: (c) => text(value(c.row.original)),
  };
}

/** Headers are keys of the admin namespace: AdminTableHead reads them in today's language. */
export const adminColumns: ColumnDef<F, AdminRow>[] = [
  { id: 'name', header: 'objects.columns.name', accessorFn: (r) => r.name, sortFn: 'alphanumeric', enableGlobalFilter: true },
  { id: 'plate', header: 'objects.columns.plate', accessorFn: (r) => r.plate, sortFn: 'alphanumeric', enableGlobalFilter: false },
  { id: 'imei', header: 'objects.columns.imei', accessorFn: (r) => r.imei, sortFn: 'alphanumeric', enableGlobalFilter: false },
  { id: 'company', header: 'objects.columns.company', accessorFn: (r) => r.company, sortFn: 'alphanumeric', filterFn: companyFilter, enableGlobalFilter: false },
  { id: 'model', header: 'objects.columns.model', accessorFn: (r) => r.model, sortFn: 'alphanumeric', enableGlobalFilter: false },
  { id: 'groups', header: 'objects.columns.groups', accessorFn: (r) => r.groups.join(', '), sortFn: 'alphanumeric', filterFn: groupFilter, enableGlobalFilter: false },
  maybeKnown('odometer', 'objects.columns.odometer', (r) => r.odometer, (v) => num(v)),
  maybeKnown('engine', 'objects.columns.engine', (r) => r.engineHours, (v) => num(v)),
  maybeKnown('paidTill', 'objects.columns.paidTill', (r) => r.paidTill, dateText),
  {
    id: 'icon',
    header: 'objects.columns.icon',
    accessorFn: (r) => r.iconId ?? undefined,
    sortFn: 'basic',
    sortUndefined: 'last',
    enableGlobalFilter: false,
    cell: (c) => <IconImage iconId={c.row.original.iconId} />,
  },
];

export const TEMPLATE = [CHECK_WIDTH, ...adminColumns.map((c) => COLUMN_WIDTH[c.id as AdminColumnId])].join(' ');
