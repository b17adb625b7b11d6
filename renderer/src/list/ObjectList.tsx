import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { FleetObject } from '../../../common/resources';
import { fleetStore } from '../stores/fleet-store';
import { STATE_COLOR, STATE_LABEL, objectState } from '../stores/object-state';
import { ageText, speedText } from '../ui/format';
import { useNow } from '../ui/use-now';

interface Props {
  selected: number | null;
  onSelect: (id: number) => void;
}

const ROW_HEIGHT = 44;

function matches(o: FleetObject, q: string): boolean {
  return (
    o.Name.toLowerCase().includes(q) ||
    (o.StateNumber ?? '').toLowerCase().includes(q) ||
    (o.IMEI ?? '').toLowerCase().includes(q)
  );
}

/** A grid of every object, virtualised: only the rows in view exist in the DOM. */
export function ObjectList({ selected, onSelect }: Props) {
  useSyncExternalStore(fleetStore.subscribe, fleetStore.getVersion);
  const now = useNow(5000);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const objects = fleetStore.objects;
  const rows = useMemo(
    () => (deferred ? objects.filter((o) => matches(o, deferred)) : objects),
    [objects, deferred],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });

  return (
    <section className="object-list" aria-label="Objects">
      <div className="list-toolbar">
        <input
          type="search"
          aria-label="Search objects by name, plate or IMEI"
          placeholder="Search name, plate, IMEI"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <span className="count" aria-live="polite">
          {fleetStore.objectsFetchedAt === null && objects.length === 0
            ? 'Loading objects…'
            : rows.length === objects.length
              ? `${objects.length} objects`
              : `${rows.length} of ${objects.length}`}
        </span>
      </div>
      <div role="grid" aria-label="Object list" aria-rowcount={rows.length + 1} aria-colcount={5} className="grid">
        <div role="row" className="row header" aria-rowindex={1}>
          <span role="columnheader">Name</span>
          <span role="columnheader">Plate</span>
          <span role="columnheader">State</span>
          <span role="columnheader">Speed</span>
          <span role="columnheader">Last position</span>
        </div>
        <div ref={scroller} className="grid-body" role="rowgroup">
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const o = rows[item.index]!;
              const pos = fleetStore.position(o.Id);
              const state = objectState(o.Status, pos?.time ?? 0, pos?.online ?? false, pos?.speed ?? 0);
              const isSel = o.Id === selected;
              return (
                <div
                  key={o.Id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-selected={isSel}
                  className={isSel ? 'row selected' : 'row'}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  onClick={() => onSelect(o.Id)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') onSelect(o.Id);
                  }}
                  tabIndex={isSel ? 0 : -1}
                >
                  <span role="gridcell" className="name">
                    {o.Name}
                  </span>
                  <span role="gridcell">{o.StateNumber ?? ''}</span>
                  <span role="gridcell">
                    <span className="dot" style={{ background: STATE_COLOR[state] }} aria-hidden="true" />
                    {STATE_LABEL[state]}
                  </span>
                  <span role="gridcell">{pos ? speedText(pos.speed) : '—'}</span>
                  <span role="gridcell" title={pos ? new Date(pos.time).toLocaleString() : undefined}>
                    {ageText(pos?.time, now)}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
