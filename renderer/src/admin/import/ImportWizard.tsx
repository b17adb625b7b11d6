/**
 * Import from a file: choose it → map its columns → the matching report (each problem
 * row excluded or kept) → the preview (current → new, nothing sent) → start the job.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportField, ImportSheet, JobItemInput, JobKind, MatchReport, PreviewRow } from '../../../../common/methods/jobs';
import { RpcError, rpc } from '../../rpc/client';
import { navigate } from '../../ui/route';
import { kindNoun } from '../actions';
import { askNotificationPermission } from '../jobs/notify';
import { putJob } from '../jobs/jobs-store';
import { PreviewTable } from '../PreviewTable';
import { FileStep } from './FileStep';
import { kindsFor, rowsWith, type Decision } from './import-model';
import { MappingStep } from './MappingStep';
import { ReportStep } from './ReportStep';

type Step = 'file' | 'mapping' | 'report' | 'preview';
const STEPS: Step[] = ['file', 'mapping', 'report', 'preview'];

const errText = (e: unknown) => (e instanceof RpcError ? e.text : String(e));

export function ImportWizard() {
  const { t } = useTranslation('admin');
  const [step, setStep] = useState<Step>('file');
  const [sheet, setSheet] = useState<ImportSheet | null>(null);
  const [mapping, setMapping] = useState<ImportField[]>([]);
  const [kindPick, setKind] = useState<JobKind | null>(null);
  const [report, setReport] = useState<MatchReport | null>(null);
  const [decisions, setDecisions] = useState<Map<number, Decision>>(new Map());
  const [preview, setPreview] = useState<{ items: JobItemInput[]; rows: PreviewRow[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kinds = kindsFor(mapping);
  const kind = kindPick && kinds.includes(kindPick) ? kindPick : (kinds[0] ?? null);

  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(errText(e));
    } finally {
      setBusy(false);
    }
  };
  const match = (d: ReadonlyMap<number, Decision>) =>
    rpc('jobs/import-match', { importId: sheet!.importId, kind: kind!, mapping, excludeRows: rowsWith(d, 'exclude'), acceptRows: rowsWith(d, 'keep') });

  const toReport = () =>
    run(async () => {
      const r = await match(new Map());
      setReport(r);
      setDecisions(new Map());
      setStep('report');
    });
  const toPreview = () =>
    run(async () => {
      const r = await match(decisions);
      // Rows the report did not list before (none expected) are shown rather than passed over.
      if (r.problems.some((p) => !decisions.has(p.row))) {
        setReport(r);
        return;
      }
      if (r.items.length === 0) throw new Error(t('import.noRowLeft'));
      const items = r.items.map((i) => ({ objectId: i.objectId, value: i.value, row: i.row }));
      setPreview({ items, rows: await rpc('jobs/preview', { kind: kind!, items }) });
      setStep('preview');
    });
  const start = () =>
    run(async () => {
      askNotificationPermission();
      const job = await rpc('jobs/start', { kind: kind!, items: preview!.items, label: t('import.jobLabel', { kind: kindNoun(kind!), file: sheet!.fileName }).slice(0, 200) });
      putJob(job);
      navigate(`/admin/jobs/${job.jobId}`);
    });

  return (
    <div className="import-wizard">
      <ol className="steps" aria-label={t('import.steps.label')}>
        {STEPS.map((s) => (
          <li key={s} aria-current={s === step ? 'step' : undefined}>
            {t(`import.steps.${s}`)}
          </li>
        ))}
      </ol>
      {step === 'file' && (
        <FileStep
          onSheet={(s) => {
            setSheet(s);
            setMapping(s.mapping);
            setKind(null);
            setStep('mapping');
          }}
        />
      )}
      {step === 'mapping' && sheet && (
        <MappingStep sheet={sheet} mapping={mapping} onMapping={setMapping} kind={kind} onKind={setKind} busy={busy} error={error} onBack={() => setStep('file')} onNext={() => void toReport()} />
      )}
      {step === 'report' && report && (
        <ReportStep
          report={report}
          decisions={decisions}
          onDecide={(rows, d) =>
            setDecisions((m) => {
              const next = new Map(m);
              for (const r of rows) {
                if (d === null) next.delete(r);
                else next.set(r, d);
              }
              return next;
            })
          }
          busy={busy}
          error={error}
          onBack={() => setStep('mapping')}
          onNext={() => void toPreview()}
        />
      )}
      {step === 'preview' && preview && (
        <section className="import-step" aria-label={t('import.steps.preview')}>
          <p>
            {t('dialog.nothingSent')} {t('import.previewOf', { kind: kindNoun(kind!), count: preview.rows.length })}
          </p>
          <PreviewTable rows={preview.rows} withRows />
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <div className="buttons">
            <button type="button" onClick={() => setStep('report')}>
              {t('import.backToReport')}
            </button>
            <button type="button" className="primary" disabled={busy} onClick={() => void start()}>
              {busy ? t('common.starting') : t('dialog.start', { count: preview.items.length })}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
