/** The operator's column choice and sort, kept across restarts in localStorage. */
import { ALL_COLUMNS, DEFAULT_COLUMNS, type ColumnKey } from './columns';
import type { SortSpec } from './list-model';

const KEY = 'fleet.list.prefs.v1';

export interface ListPrefs {
  columns: ColumnKey[];
  sort: SortSpec;
}

export const DEFAULT_PREFS: ListPrefs = { columns: DEFAULT_COLUMNS, sort: { key: 'name', dir: 'asc' } };

function isColumn(k: unknown): k is ColumnKey {
  return typeof k === 'string' && (ALL_COLUMNS as string[]).includes(k);
}

/** Tolerates anything in storage (an older version, a hand edit): what is not valid falls back. */
export function parsePrefs(raw: string | null): ListPrefs {
  try {
    const p = JSON.parse(raw ?? 'null') as Partial<ListPrefs> | null;
    const columns = Array.isArray(p?.columns) ? [...new Set(p.columns.filter(isColumn))] : [];
    const sort = p?.sort && isColumn(p.sort.key) && (p.sort.dir === 'asc' || p.sort.dir === 'desc') ? p.sort : DEFAULT_PREFS.sort;
    // The name column identifies the row: it is always shown.
    if (!columns.includes('name')) columns.unshift('name');
    return { columns: columns.length > 1 ? columns : DEFAULT_PREFS.columns, sort };
  } catch {
    return DEFAULT_PREFS;
  }
}

export function loadPrefs(): ListPrefs {
  return parsePrefs(localStorage.getItem(KEY));
}

export function savePrefs(p: ListPrefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    /* storage full or disabled: the choice lasts for this session */
  }
}
