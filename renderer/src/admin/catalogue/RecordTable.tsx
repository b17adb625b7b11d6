/**
 * A collection's records as a table: search over every shown column, sort by any header
 * (ascending first), the chosen record marked. The list may be thousands long (objects), so
 * only the rows in view are drawn (@tanstack/react-virtual): it scrolls whole, with no cap.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueRecord } from '../../../../common/methods/catalogue';
import { collectionKey, nameOf, type CollectionDesc } from './descriptor';
import { useNames, type Names } from './use-names';

/** A row's height in pixels (min-height 30 + its border), fixed so the scroll height is exact. */
const ROW = 31;

const cellText = (d: CollectionDesc, r: CatalogueRecord, i: number, names: Names, t: TFunction): string => {
  const c = d.columns[i]!;
  const v = r[c.field];
  if (c.show) return c.show(v, r);
  if (c.of && typeof v === 'number') return v === 0 ? '' : (names.get(c.of)?.get(v) ?? `#${v}`);
  if (c.of && Array.isArray(v) && v.length === 0) return c.empty ? t(c.empty) : '';
  if (c.of && Array.isArray(v)) return v.map((x) => names.get(c.of!)?.get(x as number) ?? `#${String(x)}`).join(', ');
  return v === undefined || v === null ? '' : Array.isArray(v) ? v.join(', ') : String(v);
};

interface Props {
  desc: CollectionDesc;
  records: readonly CatalogueRecord[];
  selected: number | null;
  onOpen: (r: CatalogueRecord) => void;
  /** What an empty list says (default: none yet). */
  empty?: string;
}

export function RecordTable({ desc, records, selected, onOpen, empty }: Props) {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useState('');
  const title = t(collectionKey(desc.id, 'title'));
  const [sort, setSort] = useState<{ col: number; dir: 1 | -1 } | null>(null);
  const names = useNames(useMemo(() => desc.columns.map((c) => c.of).filter((o): o is CollectionId => !!o), [desc]));
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    const shown = q ? records.filter((r) => desc.columns.some((_, i) => cellText(desc, r, i, names, t).toLowerCase().includes(q))) : [...records];
    if (sort) {
      const { field: f, of } = desc.columns[sort.col]!;
      shown.sort((a, b) => {
        const x = a[f];
        const y = b[f];
        const c = !of && typeof x === 'number' && typeof y === 'number' ? x - y : cellText(desc, a, sort.col, names, t).localeCompare(cellText(desc, b, sort.col, names, t), undefined, { numeric: true });
        return c * sort.dir;
      });
    }
    return shown;
  }, [records, query, sort, desc, names, t]);
  // The Open column holds the word in every language (Russian "Открыть" is the widest).
  const template = desc.columns.map((c) => c.width ?? 'minmax(100px, 1fr)').join(' ') + ' 88px';
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 20 });
  return (
    <div className="cat-list">
      <input type="search" aria-label={t('catalogue.search', { what: title.toLowerCase() })} placeholder={t('catalogue.searchPlaceholder')} value={query} onChange={(e) => setQuery(e.target.value)} />
      <div role="table" aria-label={title} aria-rowcount={rows.length + 1} className="cat-table" ref={scroller}>
        <div role="row" aria-rowindex={1} className="cat-row header" style={{ gridTemplateColumns: template }}>
          {desc.columns.map((c, i) => (
            <span key={c.field} role="columnheader" aria-sort={sort?.col === i ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}>
              <button type="button" onClick={() => setSort((s) => (s?.col === i ? { col: i, dir: s.dir === 1 ? -1 : 1 } : { col: i, dir: 1 }))}>
                {t(c.label)}
              </button>
            </span>
          ))}
          <span role="columnheader">
            <span className="sr-only">{t('catalogue.open')}</span>
          </span>
        </div>
        <div role="rowgroup" style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const r = rows[item.index]!;
            return (
              <div
                key={r.Id}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={r.Id === selected}
                className={`cat-row${r.Id === selected ? ' selected' : ''}`}
                style={{ gridTemplateColumns: template, position: 'absolute', top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${item.start}px)` }}
                onClick={() => onOpen(r)}
              >
                {desc.columns.map((c, i) => (
                  <span key={c.field} role="cell">
                    {cellText(desc, r, i, names, t)}
                  </span>
                ))}
                <span role="cell">
                  <button type="button" aria-label={t('catalogue.openRecord', { name: nameOf(r) })} onClick={(e) => (e.stopPropagation(), onOpen(r))}>
                    {t('catalogue.open')}
                  </button>
                </span>
              </div>
            );
          })}
        </div>
      </div>
      {rows.length === 0 && <p className="hint">{records.length === 0 ? (empty ?? t('catalogue.noneYet', { what: title.toLowerCase() })) : t('catalogue.noMatch')}</p>}
    </div>
  );
}
