import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** "alertdialog" for a question that interrupts (acknowledging thousands of events). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that says what the question is about. */
  describedBy?: string;
  /** What has the focus when it opens (else the first control, the close button): a question's harmless answer. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (the focus
 * stays inside), Escape closes, and focus returns to what opened it.
 */
export function Dialog({ title, onClose, children, className, role, describedBy, initialFocus }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation('ui');
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const d = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (d.open) d.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
    >
      <header className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="close" aria-label={t('dialog.close')} onClick={() => onCloseRef.current()}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
