import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_COLUMNS, columnLabel, type ColumnKey } from './columns';

/**
 * A disclosure of checkboxes, one per column; the name column always stays. It closes on
 * Escape (focus back on its button) and on a press anywhere else, so it never stays over
 * the sort headers it opens beside.
 */
export function ColumnChooser({ columns, onChange }: { columns: ColumnKey[]; onChange: (c: ColumnKey[]) => void }) {
  const { t } = useTranslation('list');
  const box = useRef<HTMLDetailsElement>(null);
  const toggle = (k: ColumnKey, on: boolean) => {
    // Keep the table's order, not the clicking order, so columns do not jump around.
    onChange(ALL_COLUMNS.filter((c) => (c === k ? on : columns.includes(c))));
  };
  useEffect(() => {
    const away = (e: PointerEvent) => {
      const d = box.current;
      if (d?.open && !d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, []);
  return (
    <details
      ref={box}
      className="column-chooser"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !box.current?.open) return;
        e.preventDefault();
        e.stopPropagation();
        box.current.open = false;
        box.current.querySelector('summary')?.focus();
      }}
    >
      <summary>{t('chooser.summary')}</summary>
      <fieldset>
        <legend>{t('chooser.legend')}</legend>
        {ALL_COLUMNS.map((k) => (
          <label key={k}>
            <input type="checkbox" checked={columns.includes(k)} disabled={k === 'name'} onChange={(e) => toggle(k, e.target.checked)} />
            <span>{k === 'name' ? t('chooser.always', { label: columnLabel(k) }) : columnLabel(k)}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
