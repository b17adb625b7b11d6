import { useId, useRef } from 'react';
import { Dialog } from '../ui/Dialog';
import { numberText } from '../ui/format';

/**
 * The question before acknowledging many events at once: a modal alertdialog (focus kept
 * inside, Escape cancels, focus back on the button after). Cancel has the focus, so Enter
 * on a slip does nothing harmful.
 */
export function ConfirmAckAll({ count, visible, scopeName, onConfirm, onCancel }: { count: number; visible: number; scopeName: string; onConfirm: () => void; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const body = useId();
  const hidden = count - Math.min(count, visible);
  return (
    <Dialog title={`Acknowledge ${numberText(count)} events?`} onClose={onCancel} className="ack-confirm" role="alertdialog" describedBy={body} initialFocus={cancel}>
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
    </Dialog>
  );
}
