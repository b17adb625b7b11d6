import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobItemInput, PreviewRow } from '../../../common/methods/jobs';
import { Dialog } from '../ui/Dialog';
import { RpcError, rpc } from '../rpc/client';
import { navigate } from '../ui/route';
import type { AdminRow } from './admin-rows';
import { actionLabel, type ActionInfo } from './actions';
import { DeleteConfirm } from './DeleteConfirm';
import { putJob } from './jobs/jobs-store';
import { askNotificationPermission } from './jobs/notify';
import { EMPTY_DRAFT, itemsOf, type Draft } from './draft';
import { PreviewTable } from './PreviewTable';
import { ValueForm } from './ValueForm';

type Step = { at: 'value' } | { at: 'previewing' } | { at: 'preview'; items: JobItemInput[]; rows: PreviewRow[] } | { at: 'starting'; items: JobItemInput[]; rows: PreviewRow[] };

/**
 * One action on the selection: the value, then the dry run (current → new per object,
 * nothing sent), then the start. Delete skips the value and asks for the count typed out.
 */
export function ActionDialog({ action, targets, onClose }: { action: ActionInfo; targets: AdminRow[]; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [step, setStep] = useState<Step>({ at: 'value' });
  const [error, setError] = useState<string | null>(null);
  const ids = targets.map((t) => t.id);
  const names = new Map(targets.map((t) => [t.id, t.name]));
  const whom = targets.length === 1 ? targets[0]!.name : t('common.objects', { count: targets.length });
  const label = actionLabel(action);

  const preview = async () => {
    const made = itemsOf(action, draft, ids, (id) => names.get(id) ?? t('common.objectNumbered', { id }));
    if ('error' in made) return setError(made.error);
    setError(null);
    setStep({ at: 'previewing' });
    try {
      const rows = await rpc('jobs/preview', { kind: action.kind, items: made.items });
      setStep({ at: 'preview', items: made.items, rows });
    } catch (e) {
      setError(e instanceof RpcError ? e.text : String(e));
      setStep({ at: 'value' });
    }
  };
  const start = async (items: JobItemInput[], rows: PreviewRow[]) => {
    setStep({ at: 'starting', items, rows });
    try {
      askNotificationPermission();
      const job = await rpc('jobs/start', { kind: action.kind, items, label: `${label}: ${whom}` });
      putJob(job);
      onClose();
      navigate(`/admin/jobs/${job.jobId}`);
    } catch (e) {
      setError(e instanceof RpcError ? e.text : String(e));
      setStep({ at: 'preview', items, rows });
    }
  };

  const inPreview = step.at === 'preview' || step.at === 'starting';
  return (
    <Dialog title={`${label}: ${whom}`} onClose={onClose} className="admin-dialog" role={action.kind === 'delete' && inPreview ? 'alertdialog' : 'dialog'}>
      {!inPreview ? (
        <form
          aria-label={label}
          onSubmit={(e) => {
            e.preventDefault();
            void preview();
          }}
        >
          <ValueForm action={action} targets={targets} draft={draft} onDraft={setDraft} />
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <div className="buttons">
            <button type="button" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="primary" disabled={step.at === 'previewing'} aria-busy={step.at === 'previewing'}>
              {step.at === 'previewing' ? t('dialog.reading') : t('dialog.preview')}
            </button>
          </div>
        </form>
      ) : (
        <div className="confirm">
          <p>
            {t('dialog.nothingSent')} {action.kind === 'delete' ? t('dialog.willDelete') : t('dialog.nowAndAfter')}
          </p>
          <PreviewTable rows={step.rows} withRows={false} />
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          {action.kind === 'delete' ? (
            <DeleteConfirm count={step.items.length} busy={step.at === 'starting'} onCancel={onClose} onConfirm={() => void start(step.items, step.rows)} />
          ) : (
            <div className="buttons">
              <button type="button" onClick={() => setStep({ at: 'value' })}>
                {t('common.back')}
              </button>
              <button type="button" className="primary" disabled={step.at === 'starting'} onClick={() => void start(step.items, step.rows)}>
                {step.at === 'starting' ? t('common.starting') : t('dialog.start', { count: step.items.length })}
              </button>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
