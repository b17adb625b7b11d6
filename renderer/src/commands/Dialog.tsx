import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (the focus
 * stays inside), Escape closes, and focus returns to what opened it.
 */
export function Dialog({ title, onClose, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const d = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!d.open) d.showModal();
    return () => {
      if (d.open) d.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby="dialog-title"
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
    >
      <header className="dialog-head">
        <h2 id="dialog-title">{title}</h2>
        <button type="button" className="close" aria-label="Close" onClick={() => onCloseRef.current()}>
          ×
        </button>
      </header>
      {children}
    </dialog>
  );
}
