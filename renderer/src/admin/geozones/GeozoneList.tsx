/** The geozones as a list box: one option per zone (its colour, name, shape and group); choosing one selects it on the map too. */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeozoneGroupsList } from '../../../../common/methods/geozones';
import type { ZoneRec } from './geometry';

/** The shape's word: a key of the admin namespace. */
const SHAPE_WORD = { Circle: 'geozones.shape.circle', Polygon: 'geozones.shape.polygon', Line: 'geozones.shape.line' } as const;

interface Props {
  zones: ZoneRec[];
  groups: GeozoneGroupsList['groups'];
  selected: number | null;
  onSelect: (id: number) => void;
}

export function GeozoneList({ zones, groups, selected, onSelect }: Props) {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useState('');
  const groupName = useMemo(() => new Map(groups.map((g) => [g.Id, g.Name])), [groups]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = q ? zones.filter((z) => z.Name.toLowerCase().includes(q)) : zones;
    return [...list].sort((a, b) => a.Name.localeCompare(b.Name));
  }, [zones, query]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const i = shown.findIndex((z) => z.Id === selected);
    const next = shown[Math.min(shown.length - 1, Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1)))];
    if (next) onSelect(next.Id);
  };
  return (
    <div className="gz-list">
      <input type="search" aria-label={t('geozones.find')} placeholder={t('geozones.find')} value={query} onChange={(e) => setQuery(e.target.value)} />
      <ul role="listbox" aria-label={t('tabs.geozones')} tabIndex={0} onKeyDown={onKey} aria-activedescendant={selected !== null ? `gz-${selected}` : undefined}>
        {shown.map((z) => (
          <li key={z.Id} id={`gz-${z.Id}`} role="option" aria-selected={z.Id === selected} onClick={() => onSelect(z.Id)} ref={(el) => { if (el && z.Id === selected) el.scrollIntoView({ block: 'nearest' }); }}>
            <span className="gz-swatch" style={{ background: z.Color }} aria-hidden="true" />
            <span className="gz-name">{z.Name}</span>
            <span className="gz-meta">
              {t(SHAPE_WORD[z.Type])}
              {z.GroupId ? ` · ${groupName.get(z.GroupId) ?? t('geozones.groupNumbered', { id: z.GroupId })}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="gz-empty">{zones.length ? t('geozones.noMatch') : t('geozones.noneYet')}</p>}
    </div>
  );
}
