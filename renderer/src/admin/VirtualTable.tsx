/**
 * A read-only table of many rows (previews, results, problems): role="table", only the rows
 * in view in the DOM, the header kept in step when it scrolls sideways.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

export interface VColumn<T> {
  label: string;
  /** A CSS grid track: '80px', 'minmax(120px, 1fr)'. */
  width: string;
  cell: (row: T) => ReactNode;
}

interface Props<T> {
  label: string;
  columns: VColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Pixel height of the scrolling area. */
  height?: number;
  rowClass?: (row: T) => string | undefined;
  empty?: string;
}

const ROW = 32;

export function VirtualTable<T>({ label, columns, rows, rowKey, height = 320, rowClass, empty }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 10 });
  const template = columns.map((c) => c.width).join(' ');
  return (
    <div role="table" aria-label={label} aria-rowcount={rows.length + 1} className="vtable">
      <div ref={head} className="grid-head" role="rowgroup">
        <div role="row" aria-rowindex={1} className="row header" style={{ gridTemplateColumns: template }}>
          {columns.map((c) => (
            <span key={c.label} role="columnheader">
              {c.label}
            </span>
          ))}
        </div>
      </div>
      <div
        ref={scroller}
        className="vtable-body"
        role="rowgroup"
        style={{ height: Math.min(height, Math.max(ROW * 2, rows.length * ROW + 2)) }}
        onScroll={(e) => {
          if (head.current) head.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
      >
        {rows.length === 0 && empty && <p className="hint vtable-empty">{empty}</p>}
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const r = rows[item.index]!;
            return (
              <div
                key={rowKey(r)}
                role="row"
                aria-rowindex={item.index + 2}
                className={`row ${rowClass?.(r) ?? ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW, gridTemplateColumns: template }}
              >
                {columns.map((c) => (
                  <span key={c.label} role="cell">
                    {c.cell(r)}
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
