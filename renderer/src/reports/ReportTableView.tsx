/**
 * A report's rows as a sortable table with only the rows in view in the DOM (a month of
 * geozone visits for a thousand objects is tens of thousands of rows), and the totals kept
 * in view below them. Sorting is by the cell's value (times and durations as numbers).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cell, ReportColumn, ReportRow } from '../../../common/methods/reports';
import { cellText, headerText } from './format';
import { usePreferences } from '../stores/preferences';

interface Props {
  label: string;
  columns: ReportColumn[];
  rows: readonly ReportRow[];
  total?: Cell[] | undefined;
  timeZones: Record<number, string>;
  height?: number;
  /** The columns are the service's own (a template's): named as it names them. */
  ownLabels?: boolean;
}

const ROW = 30;

function compare(a: Cell | undefined, b: Cell | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** True while the page prints: then every row is drawn, not only those in view. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const on = () => setPrinting(true);
    const off = () => setPrinting(false);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
    };
  }, []);
  return printing;
}

export function ReportTableView({ label, columns, rows, total, timeZones, height = 420, ownLabels = false }: Props) {
  const { t } = useTranslation('reports');
  usePreferences(); // km or miles, litres or gallons: read as the cells are written
  const [sort, setSort] = useState<{ col: number; desc: boolean } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const out = [...rows];
    out.sort((a, b) => {
      const c = compare(a.cells[sort.col], b.cells[sort.col]);
      // Blanks stay last in both directions.
      if (a.cells[sort.col] === null || b.cells[sort.col] === null) return c;
      return sort.desc ? -c : c;
    });
    return out;
  }, [rows, sort]);
  const virtual = useVirtualizer({ count: sorted.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 12 });
  const printing = usePrinting();
  const items = printing ? sorted.map((_, index) => ({ index, key: index, start: index * ROW })) : virtual.getVirtualItems();
  const template = columns.map((c) => (c.type === 'text' ? 'minmax(160px, 1.6fr)' : c.type === 'time' ? 'minmax(140px, 1fr)' : 'minmax(100px, 1fr)')).join(' ');
  const align = (c: ReportColumn) => (c.type === 'text' || c.type === 'time' ? 'rp-text' : 'rp-num');
  const toggle = (i: number) => setSort((s) => (s?.col === i ? (s.desc ? null : { col: i, desc: true }) : { col: i, desc: false }));
  return (
    <div role="table" aria-label={label} aria-rowcount={sorted.length + 1 + (total ? 1 : 0)} className="rp-table">
      <div ref={head} className="rp-head" role="rowgroup">
        <div role="row" aria-rowindex={1} className="rp-row rp-header" style={{ gridTemplateColumns: template }}>
          {columns.map((c, i) => (
            <span key={c.id} role="columnheader" className={align(c)} aria-sort={sort?.col === i ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
              <button type="button" className="rp-sort" onClick={() => toggle(i)}>
                {headerText(c, ownLabels)}
                <span aria-hidden="true">{sort?.col === i ? (sort.desc ? ' ▼' : ' ▲') : ''}</span>
              </button>
            </span>
          ))}
        </div>
      </div>
      <div
        ref={scroller}
        className="rp-body"
        role="rowgroup"
        style={{ height: Math.min(height, Math.max(ROW * 2, sorted.length * ROW + 2)) }}
        onScroll={(e) => {
          if (head.current) head.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
      >
        {sorted.length === 0 && <p className="hint rp-empty">{t('table.empty')}</p>}
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const r = sorted[item.index]!;
            return (
              <div key={item.key} role="row" aria-rowindex={item.index + 2} className="rp-row" style={{ transform: `translateY(${item.start}px)`, height: ROW, gridTemplateColumns: template }}>
                {columns.map((c, i) => (
                  <span key={c.id} role="cell" className={align(c)}>
                    {cellText(c, r.cells[i], timeZones[r.objectId])}
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      {total && (
        <div role="rowgroup" className="rp-foot">
          <div role="row" aria-rowindex={sorted.length + 2} aria-label={t('table.total')} className="rp-row rp-total" style={{ gridTemplateColumns: template }}>
            {columns.map((c, i) => (
              <span key={c.id} role="cell" className={align(c)}>
                {cellText(c, total[i], undefined)}
              </span>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
