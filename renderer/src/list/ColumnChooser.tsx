import { useEffect, useRef } from 'react';
import { ALL_COLUMNS, COLUMNS, type ColumnKey } from './columns';

/**
 * A disclosure of checkboxes, one per column; the name column always stays. It closes on
 * Escape (focus back on its button) and on a press anywhere else, so it never stays over
 * the sort headers it opens beside.
 */
export function ColumnChooser({ columns, onChange }: { columns: ColumnKey[]; onChange: (c: ColumnKey[]) => void }) {
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
      <summary>Columns</summary>
      <fieldset>
        <legend>Columns to show</legend>
        {ALL_COLUMNS.map((k) => (
          <label key={k}>
            <input type="checkbox" checked={columns.includes(k)} disabled={k === 'name'} onChange={(e) => toggle(k, e.target.checked)} />
            <span>{COLUMNS[k].label}{k === 'name' ? ' (always shown)' : ''}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
