/**
 * One row of the Admin table. Memoised: a scroll step renders only the rows entering the
 * view, and TanStack keeps a row object stable while its data and the row models stand.
 */
import { flexRender, type Row } from '@tanstack/react-table';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { NUMERIC_COLUMNS, type adminFeatures } from './admin-columns';
import type { AdminRow } from './admin-rows';
import { clickKind, type ClickKind } from './selection-model';

interface Props {
  row: Row<typeof adminFeatures, AdminRow>;
  index: number;
  start: number;
  height: number;
  template: string;
  selected: boolean;
  tabbable: boolean;
  onClick: (id: number, kind: ClickKind) => void;
}

function AdminTableRowView({ row, index, start, height, template, selected, tabbable, onClick }: Props) {
  const { t } = useTranslation('admin');
  const o = row.original;
  return (
    <div
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={selected}
      aria-label={o.name}
      className={`row${selected ? ' marked' : ''}`}
      style={{ transform: `translateY(${start}px)`, height, gridTemplateColumns: template }}
      tabIndex={tabbable ? 0 : -1}
      onClick={(e) => onClick(o.id, clickKind(e))}
      onKeyDown={(e) => {
        if (e.key === ' ') {
          e.preventDefault();
          onClick(o.id, e.shiftKey ? 'range' : 'toggle');
        }
      }}
    >
      <span role="gridcell">
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={t('objects.selectRow', { name: o.name })}
          checked={selected}
          onClick={(e) => {
            e.stopPropagation();
            onClick(o.id, e.shiftKey ? 'range' : 'toggle');
          }}
          onChange={() => {}}
        />
      </span>
      {row.getAllCells().map((cell) => (
        <span key={cell.id} role="gridcell" className={cell.column.id === 'name' ? 'name' : NUMERIC_COLUMNS.has(cell.column.id) ? 'num' : undefined}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </span>
      ))}
    </div>
  );
}

export const AdminTableRow = memo(AdminTableRowView);
