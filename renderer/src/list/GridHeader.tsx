import { memo } from 'react';
import { columnHeading, columnLabel, type ColumnKey } from './columns';
import type { SortSpec } from './list-model';

interface Props {
  columns: ColumnKey[];
  sort: SortSpec;
  onSort: (s: SortSpec) => void;
  template: string;
  minWidth: number;
}

/** A press on a header: the other direction on the sorted column, else ascending. */
function nextSort(sort: SortSpec, k: ColumnKey): SortSpec {
  return { key: k, dir: sort.key === k && sort.dir === 'asc' ? 'desc' : 'asc' };
}

/** Column headers; each is a button that sorts by it, and the sorted one says so (aria-sort). Memoised as the toolbar is. */
export const GridHeader = memo(function GridHeader({ columns, sort, onSort, template, minWidth }: Props) {
  return (
    <div role="row" className="row header" aria-rowindex={1} style={{ gridTemplateColumns: template, minWidth }}>
      {columns.map((k) => {
        const sorted = sort.key === k;
        const next = nextSort(sort, k);
        return (
          <span key={k} role="columnheader" className={k === 'name' ? 'name-cell' : undefined} aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
            <button type="button" className="sort" title={columnLabel(k)} onClick={() => onSort(next)}>
              <span className="sort-label">{columnHeading(k)}</span>
              <span aria-hidden="true" className="sort-arrow">
                {sorted ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
              </span>
            </button>
          </span>
        );
      })}
    </div>
  );
});
