/**
 * A collection's records as a table: search over every shown column, sort by any header
 * (ascending first), the chosen record marked. Catalogue lists are small; past ROW_LIMIT rows
 * the table says so and asks for a search instead of drawing thousands of rows.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueRecord } from '../../../../common/methods/catalogue';
import { rpc } from '../../rpc/client';
import { nameOf, type CollectionDesc } from './descriptor';

type Names = Map<CollectionId, Map<number, string>>;

/** Names of the records the list's reference columns point at (kept copies: no request to the service). */
function useNames(desc: CollectionDesc): Names {
  const [names, setNames] = useState<Names>(new Map());
  useEffect(() => {
    let live = true;
    const ofs = [...new Set(desc.columns.map((c) => c.of).filter((o): o is CollectionId => !!o))];
    void Promise.all(ofs.map((o) => rpc('catalogue/list', { collection: o, cached: true }).then((l) => [o, new Map(l.records.map((r) => [r.Id, nameOf(r)]))] as const, () => null))).then(
      (pairs) => live && setNames(new Map(pairs.filter((p) => p !== null))),
    );
    return () => {
      live = false;
    };
  }, [desc]);
  return names;
}

const ROW_LIMIT = 500;

const cellText = (d: CollectionDesc, r: CatalogueRecord, i: number, names: Names): string => {
  const c = d.columns[i]!;
  const v = r[c.field];
  if (c.show) return c.show(v, r);
  if (c.of && typeof v === 'number') return v === 0 ? '' : (names.get(c.of)?.get(v) ?? `#${v}`);
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
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ col: number; dir: 1 | -1 } | null>(null);
  const names = useNames(desc);
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    const shown = q ? records.filter((r) => desc.columns.some((_, i) => cellText(desc, r, i, names).toLowerCase().includes(q))) : [...records];
    if (sort) {
      const { field: f, of } = desc.columns[sort.col]!;
      shown.sort((a, b) => {
        const x = a[f];
        const y = b[f];
        const c = !of && typeof x === 'number' && typeof y === 'number' ? x - y : cellText(desc, a, sort.col, names).localeCompare(cellText(desc, b, sort.col, names), undefined, { numeric: true });
        return c * sort.dir;
      });
    }
    return shown;
  }, [records, query, sort, desc, names]);
  const template = desc.columns.map((c) => c.width ?? 'minmax(100px, 1fr)').join(' ') + ' 70px';
  return (
    <div className="cat-list">
      <input type="search" aria-label={`Search ${desc.title.toLowerCase()}`} placeholder="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <div role="table" aria-label={desc.title} aria-rowcount={rows.length + 1} className="cat-table">
        <div role="row" className="cat-row header" style={{ gridTemplateColumns: template }}>
          {desc.columns.map((c, i) => (
            <span key={c.field} role="columnheader" aria-sort={sort?.col === i ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}>
              <button type="button" onClick={() => setSort((s) => (s?.col === i ? { col: i, dir: s.dir === 1 ? -1 : 1 } : { col: i, dir: 1 }))}>
                {c.label}
              </button>
            </span>
          ))}
          <span role="columnheader">
            <span className="sr-only">Open</span>
          </span>
        </div>
        {rows.slice(0, ROW_LIMIT).map((r) => (
          <div
            key={r.Id}
            role="row"
            aria-selected={r.Id === selected}
            className={`cat-row${r.Id === selected ? ' selected' : ''}`}
            style={{ gridTemplateColumns: template }}
            onClick={() => onOpen(r)}
          >
            {desc.columns.map((c, i) => (
              <span key={c.field} role="cell">
                {cellText(desc, r, i, names)}
              </span>
            ))}
            <span role="cell">
              <button type="button" aria-label={`Open ${nameOf(r)}`} onClick={(e) => (e.stopPropagation(), onOpen(r))}>
                Open
              </button>
            </span>
          </div>
        ))}
      </div>
      {rows.length === 0 && <p className="hint">{records.length === 0 ? (empty ?? `No ${desc.title.toLowerCase()} yet.`) : 'Nothing matches the search.'}</p>}
      {rows.length > ROW_LIMIT && (
        <p className="hint">
          Showing {ROW_LIMIT} of {rows.length}: search to narrow the list.
        </p>
      )}
    </div>
  );
}
