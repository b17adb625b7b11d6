/**
 * Which objects and groups a report covers: groups as checkboxes, objects found by name,
 * plate or IMEI (the first 100 matches shown; a fleet can be 50,000), "All shown" to take
 * every match, and the count chosen.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFleetObjectList } from '../stores/use-fleet-objects';
import { useGroupNames } from '../stores/use-group-names';

export interface Targets {
  objectIds: number[];
  groupIds: number[];
}

const SHOWN = 100;

export function TargetPicker({ value, onChange }: { value: Targets; onChange: (t: Targets) => void }) {
  const { t } = useTranslation('reports');
  const objects = useFleetObjectList();
  const groups = useGroupNames();
  const [q, setQ] = useState('');
  const chosen = useMemo(() => new Set(value.objectIds), [value.objectIds]);
  const matches = useMemo(() => {
    const s = q.trim().toLowerCase();
    return s ? objects.filter((o) => o.Name.toLowerCase().includes(s) || (o.StateNumber ?? '').toLowerCase().includes(s) || (o.IMEI ?? '').includes(s)) : objects;
  }, [q, objects]);
  const toggle = (id: number, on: boolean) => onChange({ ...value, objectIds: on ? [...value.objectIds, id] : value.objectIds.filter((x) => x !== id) });
  const toggleGroup = (id: number, on: boolean) => onChange({ ...value, groupIds: on ? [...value.groupIds, id] : value.groupIds.filter((x) => x !== id) });
  return (
    <fieldset className="rp-targets">
      <legend>
        {t('targets.legend')} <span className="hint">{t('targets.chosen', { objects: t('targets.objects', { count: value.objectIds.length }), groups: t('targets.groups', { count: value.groupIds.length }) })}</span>
      </legend>
      {groups.size > 0 && (
        <div role="group" aria-label={t('targets.groupList')} className="rp-groups">
          {[...groups].map(([id, name]) => (
            <label key={id}>
              <input type="checkbox" checked={value.groupIds.includes(id)} onChange={(e) => toggleGroup(id, e.target.checked)} /> {name}
            </label>
          ))}
        </div>
      )}
      <div className="rp-search">
        <input type="search" aria-label={t('targets.find')} placeholder={t('targets.placeholder')} value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="button" onClick={() => onChange({ ...value, objectIds: [...new Set([...value.objectIds, ...matches.map((o) => o.Id)])] })}>
          {t('targets.allShown', { count: matches.length })}
        </button>
        <button type="button" onClick={() => onChange({ objectIds: [], groupIds: [] })} disabled={value.objectIds.length + value.groupIds.length === 0}>
          {t('targets.clear')}
        </button>
      </div>
      <ul aria-label={t('targets.list')} className="rp-objects">
        {matches.slice(0, SHOWN).map((o) => (
          <li key={o.Id}>
            <label>
              <input type="checkbox" checked={chosen.has(o.Id)} onChange={(e) => toggle(o.Id, e.target.checked)} /> {o.Name}
            </label>
          </li>
        ))}
        {matches.length > SHOWN && <li className="hint">{t('targets.more', { count: matches.length - SHOWN })}</li>}
      </ul>
    </fieldset>
  );
}
