import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandButton } from '../commands/CommandButton';
import { i18n } from '../i18n';
import { fleetStore } from '../stores/fleet-store';
import type { ObjectState } from '../stores/object-state';
import { gridLayout, type ColumnKey } from './columns';
import { GridHeader } from './GridHeader';
import { groupCounts, idsBetween, type SortSpec } from './list-model';
import { ListToolbar } from './ListToolbar';
import { marks, useMarked } from '../stores/marked';
import { loadPrefs, savePrefs, type ListPrefs } from './prefs';
import { ListRow } from './ListRow';
import { useListRows } from './use-list-rows';
import { mapFilter } from '../stores/map-filter';
import { followRequest } from '../stores/follow-request';
import './list.css';

interface Props {
  selected: number | null;
  onSelect: (id: number) => void;
  /** Opens the keyboard shortcuts help; the screen that owns the shortcuts passes it. */
  onHelp?: () => void;
}

const ROW_HEIGHT = 40;

function countText(loading: boolean, shown: number, total: number): string {
  if (loading) return i18n.t('list:list.loading');
  return shown === total ? i18n.t('list:list.count', { count: total }) : i18n.t('list:list.shownOf', { shown, total });
}

function noMatchText(query: string, filtered: boolean): string {
  if (query) return i18n.t(filtered ? 'list:list.noMatchQueryFilters' : 'list:list.noMatchQuery', { query });
  return i18n.t(filtered ? 'list:list.noMatchFilters' : 'list:list.noMatch');
}

/** A grid of every object, virtualised: only the rows in view exist in the DOM. */
export function ObjectList({ selected, onSelect, onHelp }: Props) {
  const { t } = useTranslation('list');
  const [prefs, setPrefs] = useState<ListPrefs>(loadPrefs);
  const [query, setQuery] = useState('');
  const [groupId, setGroupId] = useState<number | null>(null);
  const [state, setState] = useState<ObjectState | null>(null);
  const { rows, total } = useListRows(query, groupId, state, prefs.sort);
  // The map shows what the list keeps (stores/map-filter.ts).
  const filtered = query.trim() !== '' || groupId !== null || state !== null;
  useEffect(() => mapFilter.setListIds(filtered ? new Set(rows.map((r) => r.o.Id)) : null), [rows, filtered]);
  useEffect(() => () => mapFilter.setListIds(null), []);
  const marked = useMarked();
  const objects = fleetStore.objects;
  const groups = useMemo(() => groupCounts(objects), [objects]);

  const updatePrefs = (p: ListPrefs) => {
    setPrefs(p);
    savePrefs(p);
  };
  // Stable between renders, so the memoised toolbar and header render only when they change.
  const onColumns = useCallback((columns: ColumnKey[]) => updatePrefs({ ...prefs, columns }), [prefs]);
  const onSort = useCallback((sort: SortSpec) => updatePrefs({ ...prefs, sort }), [prefs]);
  const { template, minWidth } = useMemo(() => gridLayout(prefs.columns), [prefs.columns]);
  const head = useRef<HTMLDivElement>(null);

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  const click = useCallback(
    (e: MouseEvent, id: number) => {
      if (e.shiftKey && selected !== null) {
        marks.add(idsBetween(rows, selected, id));
      } else if (e.ctrlKey || e.metaKey) {
        // The first ctrl-click starts a multi-selection from what was selected, like a file manager.
        if (marked.size === 0 && selected !== null && selected !== id) marks.add([selected]);
        marks.toggle(id);
        return;
      } else {
        marks.clear();
      }
      onSelect(id);
    },
    [rows, selected, marked, onSelect],
  );

  const follow = useCallback(
    (id: number) => {
      onSelect(id);
      followRequest.request();
    },
    [onSelect],
  );

  const moveBy = useCallback(
    (e: KeyboardEvent, step: number) => {
      e.preventDefault();
      const at = rows.findIndex((r) => r.o.Id === selected);
      const next = Math.max(0, Math.min(rows.length - 1, at + step));
      const row = rows[next];
      if (!row) return;
      onSelect(row.o.Id);
      virtual.scrollToIndex(next);
      requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-id="${row.o.Id}"]`)?.focus());
    },
    [rows, selected, onSelect, virtual],
  );
  // ↓ from the search field goes into the list: to the selected row if it is listed, else the first.
  const intoList = useCallback(
    (e: KeyboardEvent) => {
      if (rows.length === 0) return;
      moveBy(e, rows.some((r) => r.o.Id === selected) ? 0 : 1);
    },
    [rows, selected, moveBy],
  );
  const onGridKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') moveBy(e, 1);
    else if (e.key === 'ArrowUp') moveBy(e, -1);
    else if (e.key === 'PageDown') moveBy(e, 10);
    else if (e.key === 'PageUp') moveBy(e, -10);
  };

  return (
    <section className="object-list" aria-label={t('list.label')}>
      <ListToolbar
        query={query}
        onQuery={setQuery}
        groups={groups}
        groupId={groupId}
        onGroup={setGroupId}
        state={state}
        onState={setState}
        columns={prefs.columns}
        onColumns={onColumns}
        onHelp={onHelp}
        onArrowDown={intoList}
      />
      {/* Under the search, outside the grid (whose children are rows): an empty list says why. */}
      {rows.length === 0 && total > 0 && (
        <p role="status" className="list-empty">
          {noMatchText(query.trim(), groupId !== null || state !== null)}
        </p>
      )}
      <div role="grid" aria-label={t('list.grid')} aria-rowcount={rows.length + 1} aria-colcount={prefs.columns.length} aria-multiselectable="true" aria-busy={fleetStore.objectsNamesOnly || undefined} className="grid">
        {/* The header scrolls sideways with the rows (it sits outside their vertical scroller). */}
        <div
          ref={head}
          className="grid-head"
          onScroll={(e) => {
            // Tabbing to a header cell out of sight scrolls the header: the rows follow.
            if (scroller.current) scroller.current.scrollLeft = e.currentTarget.scrollLeft;
          }}
        >
          <GridHeader columns={prefs.columns} sort={prefs.sort} onSort={onSort} template={template} minWidth={minWidth} />
        </div>
        <div
          ref={scroller}
          className="grid-body"
          role="rowgroup"
          onKeyDown={onGridKey}
          onScroll={(e) => {
            if (head.current) head.current.scrollLeft = e.currentTarget.scrollLeft;
          }}
        >
          <div style={{ height: virtual.getTotalSize(), minWidth, position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const o = rows[item.index]!.o;
              const isSel = o.Id === selected;
              return (
                <ListRow
                  key={o.Id}
                  o={o}
                  pos={fleetStore.position(o.Id)}
                  index={item.index}
                  start={item.start}
                  height={ROW_HEIGHT}
                  template={template}
                  columns={prefs.columns}
                  selected={isSel}
                  marked={marked.has(o.Id)}
                  tabbable={isSel || (selected === null && item.index === 0)}
                  onClick={click}
                  onSelect={onSelect}
                  onFollow={follow}
                />
              );
            })}
          </div>
        </div>
      </div>
      <footer className="list-footer">
        <span className="count" aria-live="polite">
          {countText(fleetStore.objectsFetchedAt === null && objects.length === 0, rows.length, total)}
        </span>
        {fleetStore.objectsNamesOnly && (
          <span className="names-only" title={t('list.namesOnly')}>
            {t('list.namesOnly')}
          </span>
        )}
        {marked.size > 0 && (
          <>
            <span className="marked-count">{t('list.marked', { count: marked.size })}</span>
            <button type="button" className="link" onClick={() => marks.clear()}>
              {t('list.clearMarks')}
            </button>
          </>
        )}
        <CommandButton selected={selected} />
      </footer>
    </section>
  );
}
