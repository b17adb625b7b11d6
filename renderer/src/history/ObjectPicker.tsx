import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetObject } from '../../../common/resources';
import { useFleetObjectList } from '../stores/use-fleet-objects';

const MAX = 50;

/** Search by name, plate or IMEI; the first 50 matches are offered (a fleet can be 50,000). */
export function ObjectPicker({ value, onPick }: { value: FleetObject | null; onPick: (o: FleetObject) => void }) {
  const { t } = useTranslation('history');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const objects = useFleetObjectList();
  const matches = useMemo(() => {
    const s = q.trim().toLowerCase();
    const out: FleetObject[] = [];
    for (const o of objects) {
      if (!s || o.Name.toLowerCase().includes(s) || (o.StateNumber ?? '').toLowerCase().includes(s) || (o.IMEI ?? '').includes(s)) out.push(o);
      if (out.length >= MAX) break;
    }
    return out;
  }, [q, objects]);
  const pick = (o: FleetObject) => {
    onPick(o);
    setQ('');
    setOpen(false);
  };
  return (
    <div className="history-object-picker">
      <input
        role="combobox"
        aria-label={t('picker.object')}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        // The option the arrows are on, so a screen reader says it as it moves.
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        placeholder={value ? value.Name : t('picker.search')}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(matches.length - 1, a + 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Enter' && matches[active]) pick(matches[active]);
          else if (e.key === 'Escape') setOpen(false);
          else return;
          e.preventDefault();
        }}
      />
      {value && <span className="picked" aria-label={t('picker.selected')}>{value.Name}{value.StateNumber ? ` · ${value.StateNumber}` : ''}</span>}
      {open && matches.length > 0 && (
        <ul id={listId} role="listbox" aria-label={t('picker.matches')}>
          {matches.map((o, i) => (
            <li key={o.Id} id={optionId(i)} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(o)}>
              {o.Name} <span className="muted">{o.StateNumber}</span>
            </li>
          ))}
        </ul>
      )}
      {open && matches.length === 0 && q.trim() !== '' && (
        <p role="status" className="no-match">
          {t('picker.noMatch', { q: q.trim() })}
        </p>
      )}
    </div>
  );
}
