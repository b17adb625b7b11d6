import { useRef } from 'react';
import type { JobSummary } from '../../../../common/methods/jobs';
import { Dialog } from '../../ui/Dialog';
import { kindNoun } from '../actions';

/** Revert is a new job of its own: the done items set back to the values read before the writes. */
export function RevertConfirm({ job, onCancel, onConfirm }: { job: JobSummary; onCancel: () => void; onConfirm: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title="Revert this job?" role="alertdialog" describedBy="revert-what" onClose={onCancel} initialFocus={cancel}>
      <div className="confirm">
        <p id="revert-what">
          A new job sets {kindNoun(job.kind).toLowerCase()} of the {job.done} {job.done === 1 ? 'object' : 'objects'} this job changed back to the value
          each had before it. Items that failed or were skipped are left as they are.
        </p>
        <div className="buttons">
          <button ref={cancel} type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={onConfirm}>
            Revert {job.done} {job.done === 1 ? 'object' : 'objects'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
