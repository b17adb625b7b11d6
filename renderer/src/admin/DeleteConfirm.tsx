import { useId, useState } from 'react';
import { deletePhrase } from './actions';

/** Deleting asks for the count typed out ("delete 12"): a wrong selection shows in the number, and there is no undo. */
export function DeleteConfirm({ count, busy, onCancel, onConfirm }: { count: number; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const [typed, setTyped] = useState('');
  const phrase = deletePhrase(count);
  const id = useId();
  const ok = typed.trim().toLowerCase() === phrase;
  return (
    <>
      <p className="warning" id={id}>
        <strong>There is no undo.</strong> Deleting {count === 1 ? 'this object' : `these ${count} objects`} removes {count === 1 ? 'it' : 'them'} from the
        service with {count === 1 ? 'its' : 'their'} history; the console cannot bring {count === 1 ? 'it' : 'them'} back.
      </p>
      <label className="field">
        Type “{phrase}” to confirm
        <input value={typed} onChange={(e) => setTyped(e.target.value)} aria-describedby={id} autoComplete="off" spellCheck={false} />
      </label>
      <div className="buttons">
        <button type="button" autoFocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="danger" disabled={!ok || busy} onClick={onConfirm}>
          {busy ? 'Starting…' : `Delete ${count} ${count === 1 ? 'object' : 'objects'}`}
        </button>
      </div>
    </>
  );
}
