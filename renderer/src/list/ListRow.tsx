/**
 * One row of the object list. Memoised: a scroll step re-renders the list, and without
 * this every row in view (and each of its cells) was rendered again though only the rows
 * entering the view are new — most of the list's script time while scrolling.
 */
import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetObject } from '../../../common/resources';
import type { ColumnKey } from './columns';
import { marks } from '../stores/marked';
import type { FleetPositionView } from './row-position';
import { Cell } from './RowCells';

export interface ListRowProps {
  o: FleetObject;
  /** Read fresh from the store on each render: a new object each time, compared by value. */
  pos: FleetPositionView | undefined;
  index: number;
  start: number;
  height: number;
  template: string;
  columns: ColumnKey[];
  selected: boolean;
  marked: boolean;
  tabbable: boolean;
  onClick: (e: MouseEvent, id: number) => void;
  onSelect: (id: number) => void;
  /** A double click: select the object and follow it on the map. */
  onFollow: (id: number) => void;
}

function ListRowView({ o, pos, index, start, height, template, columns, selected, marked, tabbable, onClick, onSelect, onFollow }: ListRowProps) {
  const { t } = useTranslation('list');
  return (
    <div
      data-id={o.Id}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected || marked}
      className={`row${selected ? ' selected' : ''}${marked ? ' marked' : ''}`}
      style={{ transform: `translateY(${start}px)`, height, gridTemplateColumns: template }}
      onClick={(e) => onClick(e, o.Id)}
      onDoubleClick={(e) => {
        if (!e.shiftKey && !e.ctrlKey && !e.metaKey) onFollow(o.Id);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSelect(o.Id);
        if (e.key === ' ') {
          e.preventDefault();
          marks.toggle(o.Id);
        }
      }}
      tabIndex={tabbable ? 0 : -1}
    >
      {columns.map((k) => (
        <span key={k} role="gridcell" className={k === 'name' ? 'name-cell' : undefined}>
          {k === 'name' && (
            // Inside the name cell, so the first cell of a row still reads as its name.
            <input type="checkbox" tabIndex={-1} aria-label={t('list.mark', { name: o.Name })} checked={marked} onClick={(e) => e.stopPropagation()} onChange={() => marks.toggle(o.Id)} />
          )}
          <Cell k={k} o={o} pos={pos} />
        </span>
      ))}
    </div>
  );
}

function samePosition(a: FleetPositionView | undefined, b: FleetPositionView | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  for (const k of Object.keys(a) as (keyof FleetPositionView)[]) if (a[k] !== b[k]) return false;
  return true;
}

export const ListRow = memo(ListRowView, (a, b) => {
  for (const k of Object.keys(a) as (keyof ListRowProps)[]) {
    if (k === 'pos') {
      if (!samePosition(a.pos, b.pos)) return false;
    } else if (a[k] !== b[k]) return false;
  }
  return true;
});
