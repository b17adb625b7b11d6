/**
 * Every object in one virtualised grid (TanStack Table's row models, @tanstack/react-virtual
 * for the rows in view): sortable headers, a checkbox per row and one for every row shown.
 */
import type { Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminColumns, TABLE_MIN_WIDTH, TEMPLATE, type adminFeatures } from './admin-columns';
import type { AdminRow } from './admin-rows';
import { AdminTableRow } from './AdminTableRow';
import { AdminTableHead } from './AdminTableHead';
import type { useAdminTable } from './use-admin-table';
import { wantCounters } from './objects-store';
import type { ClickKind } from './selection-model';

const ROW_HEIGHT = 36;

interface Props {
  model: ReturnType<typeof useAdminTable>;
  selected: ReadonlySet<number>;
  onClick: (id: number, kind: ClickKind) => void;
  onAllShown: (select: boolean) => void;
}

export function AdminTable({ model, selected, onClick, onAllShown }: Props) {
  const { t } = useTranslation('admin');
  const { table, rows } = model;
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtual.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  // The counters the list lacks are read for the rows in view, a moment after scrolling stops.
  useEffect(() => {
    const t = setTimeout(() => wantCounters(rows.slice(first, last + 1).map((r) => r.original.id)), 250);
    return () => clearTimeout(t);
  }, [rows, first, last]);

  const shownSelected = rows.reduce((n, r) => n + (selected.has(r.original.id) ? 1 : 0), 0);

  const onKey = (e: KeyboardEvent) => {
    const at = Number((document.activeElement as HTMLElement | null)?.dataset.index ?? -1);
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : e.key === 'PageDown' ? 15 : e.key === 'PageUp' ? -15 : 0;
    if (step === 0 || at < 0) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(rows.length - 1, at + step));
    virtual.scrollToIndex(next);
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
  };

  return (
    <div
      role="grid"
      aria-label={t('objects.grid')}
      aria-multiselectable="true"
      aria-rowcount={rows.length + 1}
      aria-colcount={adminColumns.length + 1}
      className="grid admin-grid"
    >
      <div ref={head} className="grid-head">
        <AdminTableHead
          table={table}
          template={TEMPLATE}
          minWidth={TABLE_MIN_WIDTH}
          allState={shownSelected === 0 ? 'none' : shownSelected === rows.length ? 'all' : 'some'}
          onAllShown={onAllShown}
        />
      </div>
      <div
        ref={scroller}
        className="grid-body"
        role="rowgroup"
        onKeyDown={onKey}
        onScroll={(e) => {
          if (head.current) head.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
      >
        <div style={{ height: virtual.getTotalSize(), minWidth: TABLE_MIN_WIDTH, position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index] as Row<typeof adminFeatures, AdminRow>;
            return (
              <AdminTableRow
                key={row.id}
                row={row}
                index={item.index}
                start={item.start}
                height={ROW_HEIGHT}
                template={TEMPLATE}
                selected={selected.has(row.original.id)}
                tabbable={item.index === first}
                onClick={onClick}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
