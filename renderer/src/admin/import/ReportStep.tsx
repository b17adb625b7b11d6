import { useTranslation } from 'react-i18next';
import type { MatchProblem, MatchReport } from '../../../../common/methods/jobs';
import { VirtualTable, type VColumn } from '../VirtualTable';
import { canKeep, problemLabel, undecided, type Decision } from './import-model';

interface Props {
  report: MatchReport;
  decisions: ReadonlyMap<number, Decision>;
  onDecide: (rows: number[], d: Decision | null) => void;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onNext: () => void;
}

/** Step 3: every row that cannot go as it is, with its row number; each is left out, or (a decrease, a jump) kept. */
export function ReportStep({ report, decisions, onDecide, busy, error, onBack, onNext }: Props) {
  const { t } = useTranslation('admin');
  const { problems, items } = report;
  const left = undecided(problems, decisions);
  const columns: VColumn<MatchProblem>[] = [
    { label: t('import.report.row'), width: '56px', cell: (p) => p.row },
    { label: t('import.report.problem'), width: '140px', cell: (p) => problemLabel(p.kind) },
    // The details are the core's own words (English): they quote the file's cells and values.
    { label: t('import.report.details'), width: 'minmax(220px, 3fr)', cell: (p) => <span title={p.message}>{p.message}</span> },
    {
      label: t('import.report.decision'),
      width: '250px',
      cell: (p) => (
        <span className="decide">
          <label>
            <input type="checkbox" checked={decisions.get(p.row) === 'exclude'} onChange={(e) => onDecide([p.row], e.target.checked ? 'exclude' : null)} />
            {t('import.report.exclude', { row: p.row })}
          </label>
          {canKeep(p) && (
            <label>
              <input type="checkbox" checked={decisions.get(p.row) === 'keep'} onChange={(e) => onDecide([p.row], e.target.checked ? 'keep' : null)} />
              {t('import.report.keep', { row: p.row })}
            </label>
          )}
        </span>
      ),
    },
  ];
  return (
    <section className="import-step" aria-label={t('import.report.step')}>
      <p role="status">
        {t('import.report.matched', { count: items.length })} {problems.length === 0 ? t('import.report.noProblems') : t('import.report.problems', { count: problems.length })}
      </p>
      {problems.length > 0 && (
        <>
          <VirtualTable label={t('import.report.table')} columns={columns} rows={problems} rowKey={(p) => `${p.row}:${p.kind}`} height={280} rowClass={(p) => (decisions.has(p.row) ? 'decided' : undefined)} />
          <button type="button" className="link" onClick={() => onDecide(problems.filter((p) => !decisions.has(p.row)).map((p) => p.row), 'exclude')}>
            {t('import.report.excludeRest')}
          </button>
        </>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="button" onClick={onBack}>
          {t('import.report.back')}
        </button>
        <button type="button" className="primary" disabled={left > 0 || busy} aria-busy={busy} onClick={onNext} title={left > 0 ? t('import.report.undecided', { count: left }) : undefined}>
          {busy ? t('dialog.reading') : left > 0 ? t('import.report.decideMore', { count: left }) : t('dialog.preview')}
        </button>
      </div>
    </section>
  );
}
