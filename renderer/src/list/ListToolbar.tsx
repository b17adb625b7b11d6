import { useTranslation } from 'react-i18next';
import { memo, type KeyboardEvent } from 'react';
import { useGroupNames } from '../stores/use-group-names';
import { STATE_LABEL, type ObjectState } from '../stores/object-state';
import { stateLabel } from '../ui/state-words';
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

/**
 * Search, the two filters and the column chooser: everything that decides which rows show.
 * Memoised: the list renders every second for its ages, and the toolbar has none.
 */
export const ListToolbar = memo(function ListToolbar(p: Props) {
  const { t } = useTranslation('list');
  const groupNames = useGroupNames();
  return (
    <div className="list-toolbar">
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        aria-label={t('toolbar.search')}
        aria-keyshortcuts="/ Control+K"
        placeholder={t('toolbar.searchPlaceholder')}
        value={p.query}
        onChange={(e) => p.onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') p.onArrowDown(e);
        }}
      />
      <div className="list-filters">
        <select aria-label={t('toolbar.byState')} value={p.state ?? ''} onChange={(e) => p.onState((e.target.value || null) as ObjectState | null)}>
          <option value="">{t('toolbar.allStates')}</option>
          {(Object.keys(STATE_LABEL) as ObjectState[]).map((s) => (
            <option key={s} value={s}>
              {stateLabel(s)}
            </option>
          ))}
        </select>
        <select aria-label={t('toolbar.byGroup')} value={p.groupId ?? ''} onChange={(e) => p.onGroup(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{t('toolbar.allGroups')}</option>
          {p.groups.map(([id, n]) => (
            <option key={id} value={id}>
              {t('toolbar.groupCount', { name: groupNames.get(id) ?? t('toolbar.group', { id }), n })}
            </option>
          ))}
        </select>
        <ColumnChooser columns={p.columns} onChange={p.onColumns} />
        {p.onHelp && (
          <button type="button" className="help-button" aria-label={t('toolbar.shortcuts')} aria-keyshortcuts="?" title={t('toolbar.shortcutsTitle')} onClick={p.onHelp}>
            ?
          </button>
        )}
      </div>
    </div>
  );
});
