import { useTranslation } from 'react-i18next';
import { useId, useRef } from 'react';
import { Dialog } from '../ui/Dialog';
import { numberText } from '../ui/format';

/**
 * The question before acknowledging many events at once: a modal alertdialog (focus kept
 * inside, Escape cancels, focus back on the button after). Cancel has the focus, so Enter
 * on a slip does nothing harmful.
 */
export function ConfirmAckAll({ count, visible, scopeName, onConfirm, onCancel }: { count: number; visible: number; scopeName: string; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('events');
  const cancel = useRef<HTMLButtonElement>(null);
  const body = useId();
  const hidden = count - Math.min(count, visible);
  return (
    <Dialog title={t('confirmAll.title', { count, n: numberText(count) })} onClose={onCancel} className="ack-confirm" role="alertdialog" describedBy={body} initialFocus={cancel}>
      <p id={body}>
        {hidden > 0 ? t('confirmAll.bodyHidden', { scope: scopeName, hidden: numberText(hidden) }) : t('confirmAll.body', { scope: scopeName })}
      </p>
      <div className="buttons">
        <button ref={cancel} type="button" onClick={onCancel}>
          {t('confirmAll.cancel')}
        </button>
        <button type="button" onClick={onConfirm}>
          {t('confirmAll.confirm', { n: numberText(count) })}
        </button>
      </div>
    </Dialog>
  );
}
