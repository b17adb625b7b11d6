import type { KeyboardEvent } from 'react';
import { useGroupNames } from '../stores/use-group-names';
import { STATE_LABEL, type ObjectState } from '../stores/object-state';
import { ColumnChooser } from './ColumnChooser';
import type { ColumnKey } from './columns';

export const SEARCH_INPUT_ID = 'object-search';

interface Props {
  query: string;
  onQuery: (q: string) => void;
  groups: [number, number][];
  groupId: number | null;
  onGroup: (g: number | null) => void;
  state: ObjectState | null;
  onState: (s: ObjectState | null) => void;
  columns: ColumnKey[];
  onColumns: (c: ColumnKey[]) => void;
  onHelp: (() => void) | undefined;
  /** ↓ in the search field: into the list. */
  onArrowDown: (e: KeyboardEvent) => void;
}

/** Search, the two filters and the column chooser: everything that decides which rows show. */
export function ListToolbar(p: Props) {
  const groupNames = useGroupNames();
  return (
    <div className="list-toolbar">
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        aria-label="Search objects by name, plate or IMEI"
        aria-keyshortcuts="/ Control+K"
        placeholder="Search name, plate, IMEI  ( / )"
        value={p.query}
        onChange={(e) => p.onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') p.onArrowDown(e);
        }}
      />
      <div className="list-filters">
        <select aria-label="Filter by state" value={p.state ?? ''} onChange={(e) => p.onState((e.target.value || null) as ObjectState | null)}>
          <option value="">All states</option>
          {(Object.keys(STATE_LABEL) as ObjectState[]).map((s) => (
            <option key={s} value={s}>
              {STATE_LABEL[s]}
            </option>
          ))}
        </select>
        <select aria-label="Filter by group" value={p.groupId ?? ''} onChange={(e) => p.onGroup(e.target.value ? Number(e.target.value) : null)}>
          <option value="">All groups</option>
          {p.groups.map(([id, n]) => (
            <option key={id} value={id}>
              {groupNames.get(id) ?? `Group ${id}`} ({n})
            </option>
          ))}
        </select>
        <ColumnChooser columns={p.columns} onChange={p.onColumns} />
        {p.onHelp && (
          <button type="button" className="help-button" aria-label="Keyboard shortcuts" aria-keyshortcuts="?" title="Keyboard shortcuts (?)" onClick={p.onHelp}>
            ?
          </button>
        )}
      </div>
    </div>
  );
}
