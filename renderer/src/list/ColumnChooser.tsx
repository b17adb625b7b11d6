import { ALL_COLUMNS, COLUMNS, type ColumnKey } from './columns';

/** A disclosure of checkboxes, one per column; the name column always stays. */
export function ColumnChooser({ columns, onChange }: { columns: ColumnKey[]; onChange: (c: ColumnKey[]) => void }) {
  const toggle = (k: ColumnKey, on: boolean) => {
    // Keep the table's order, not the clicking order, so columns do not jump around.
    onChange(ALL_COLUMNS.filter((c) => (c === k ? on : columns.includes(c))));
  };
  return (
    <details className="column-chooser">
      <summary>Columns</summary>
      <fieldset>
        <legend>Columns to show</legend>
        {ALL_COLUMNS.map((k) => (
          <label key={k}>
            <input type="checkbox" checked={columns.includes(k)} disabled={k === 'name'} onChange={(e) => toggle(k, e.target.checked)} />
            {COLUMNS[k].label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
