import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '../../../../common/methods/jobs';
import { Dialog } from '../../ui/Dialog';
import { kindNoun } from '../actions';

/** Revert is a new job of its own: the done items set back to the values read before the writes. */
export function RevertConfirm({ job, onCancel, onConfirm }: { job: JobSummary; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('admin');
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={t('revert.title')} role="alertdialog" describedBy="revert-what" onClose={onCancel} initialFocus={cancel}>
      <div className="confirm">
        <p id="revert-what">{t('revert.what', { what: kindNoun(job.kind).toLowerCase(), count: job.done })}</p>
        <div className="buttons">
          <button ref={cancel} type="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" onClick={onConfirm}>
            {t('revert.button', { count: job.done })}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
