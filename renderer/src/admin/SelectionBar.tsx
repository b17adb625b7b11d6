import { ACTIONS, type ActionInfo } from './actions';

interface Props {
  selected: number;
  shown: number;
  total: number;
  onClear: () => void;
  onAction: (a: ActionInfo) => void;
}

/** Always visible under the table: how many objects are chosen (of how many shown) and what can be done to them. */
export function SelectionBar({ selected, shown, total, onClear, onAction }: Props) {
  return (
    <div className="selection-bar" role="toolbar" aria-label="Actions on the selected objects">
      <span className="count" role="status" aria-live="polite">
        <strong>{selected}</strong> selected · {shown === total ? `${total} objects` : `${shown} of ${total} shown`}
      </span>
      <button type="button" className="link" disabled={selected === 0} onClick={onClear}>
        Clear selection
      </button>
      <span className="spacer" />
      {ACTIONS.map((a) => (
        <button key={a.kind} type="button" className={a.kind === 'delete' ? 'danger-outline' : undefined} disabled={selected === 0} onClick={() => onAction(a)}>
          {a.label}
        </button>
      ))}
    </div>
  );
}
