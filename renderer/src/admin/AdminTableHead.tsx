import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactTable } from '@tanstack/react-table';
import { NUMERIC_COLUMNS, type adminFeatures } from './admin-columns';
import type { AdminRow } from './admin-rows';

interface Props {
  table: ReactTable<typeof adminFeatures, AdminRow, unknown>;
  template: string;
  minWidth: number;
  allState: 'none' | 'some' | 'all';
  onAllShown: (select: boolean) => void;
}

/** The header row: "select every row shown" and a sort button per column (the sorted one says so with aria-sort). */
export function AdminTableHead({ table, template, minWidth, allState, onAllShown }: Props) {
  const { t } = useTranslation('admin');
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = allState === 'some';
  }, [allState]);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div role="row" className="row header" aria-rowindex={1} style={{ gridTemplateColumns: template, minWidth }}>
      <span role="columnheader" aria-label={t('objects.selectedColumn')}>
        <input ref={box} type="checkbox" aria-label={t('objects.selectAllShown')} checked={allState === 'all'} onChange={() => onAllShown(allState !== 'all')} />
      </span>
      {headers.map((h) => {
        const sorted = h.column.getIsSorted();
        // The column's header is a key of the admin namespace (admin-columns.tsx), read in today's language.
        const label = t(String(h.column.columnDef.header));
        return (
          <span key={h.id} role="columnheader" className={NUMERIC_COLUMNS.has(h.column.id) ? 'num' : undefined} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
            <button type="button" className="sort" title={t('objects.sortBy', { column: label })} onClick={h.column.getToggleSortingHandler()}>
              <span className="sort-label">{label}</span>
              <span aria-hidden="true" className="sort-arrow">
                {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
              </span>
            </button>
          </span>
        );
      })}
    </div>
  );
}
