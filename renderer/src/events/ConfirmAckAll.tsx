import { useEffect, useId, useRef } from 'react';
import { numberText } from '../ui/format';

/**
 * The question before acknowledging many events at once: a modal alertdialog (focus kept
 * inside, Escape cancels). Cancel has the focus, so Enter on a slip does nothing harmful.
 */
export function ConfirmAckAll({ count, visible, scopeName, onConfirm, onCancel }: { count: number; visible: number; scopeName: string; onConfirm: () => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const title = useId();
  const body = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    cancel.current?.focus();
  }, []);
  const hidden = count - Math.min(count, visible);
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={title}
      aria-describedby={body}
      className="ack-confirm"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h3 id={title}>Acknowledge {numberText(count)} events?</h3>
      <p id={body}>
        Every unacknowledged event in {scopeName} is acknowledged
        {hidden > 0 ? `, including ${numberText(hidden)} beyond the rows shown` : ''}. This cannot be undone here.
      </p>
      <div className="buttons">
        <button ref={cancel} type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" onClick={onConfirm}>
          Acknowledge {numberText(count)}
        </button>
      </div>
    </dialog>
  );
}
