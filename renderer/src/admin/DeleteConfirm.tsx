import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deletePhrase } from './actions';

/** Deleting asks for the count typed out ("delete 12"): a wrong selection shows in the number, and there is no undo. */
export function DeleteConfirm({ count, busy, onCancel, onConfirm }: { count: number; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const phrase = deletePhrase(count);
  const id = useId();
  const ok = typed.trim().toLowerCase() === phrase.toLowerCase();
  return (
    <>
      <p className="warning" id={id}>
        {/* One object is "this object … it", never a count: a plural form of 1 is also 21 in Russian and Lithuanian. */}
        <strong>{t('delete.noUndo')}</strong> {count === 1 ? t('delete.whatOne') : t('delete.whatMany', { count })}
      </p>
      <label className="field">
        {t('delete.typeToConfirm', { phrase })}
        <input value={typed} onChange={(e) => setTyped(e.target.value)} aria-describedby={id} autoComplete="off" spellCheck={false} />
      </label>
      <div className="buttons">
        <button type="button" autoFocus onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="danger" disabled={!ok || busy} onClick={onConfirm}>
          {busy ? t('common.starting') : t('delete.button', { count })}
        </button>
      </div>
    </>
  );
}
