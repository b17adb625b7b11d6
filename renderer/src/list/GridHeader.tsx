import { COLUMNS, type ColumnKey } from './columns';
import type { SortSpec } from './list-model';

interface Props {
  columns: ColumnKey[];
  sort: SortSpec;
  onSort: (s: SortSpec) => void;
  template: string;
  minWidth: number;
}

/** Column headers; each is a button that sorts by it, and the sorted one says so (aria-sort). */
export function GridHeader({ columns, sort, onSort, template, minWidth }: Props) {
  return (
    <div role="row" className="row header" aria-rowindex={1} style={{ gridTemplateColumns: template, minWidth }}>
      {columns.map((k) => {
        const sorted = sort.key === k;
        const next: SortSpec = { key: k, dir: sorted && sort.dir === 'asc' ? 'desc' : 'asc' };
        return (
          <span key={k} role="columnheader" className={k === 'name' ? 'name-cell' : undefined} aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
            <button type="button" className="sort" title={COLUMNS[k].label} onClick={() => onSort(next)}>
              <span className="sort-label">{COLUMNS[k].heading ?? COLUMNS[k].label}</span>
              <span aria-hidden="true" className="sort-arrow">
                {sorted ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
              </span>
            </button>
          </span>
        );
      })}
    </div>
  );
}
