import type { MatchProblem, MatchReport } from '../../../../common/methods/jobs';
import { VirtualTable, type VColumn } from '../VirtualTable';
import { canKeep, PROBLEM_LABEL, undecided, type Decision } from './import-model';

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
  const { problems, items } = report;
  const left = undecided(problems, decisions);
  const columns: VColumn<MatchProblem>[] = [
    { label: 'Row', width: '56px', cell: (p) => p.row },
    { label: 'Problem', width: '140px', cell: (p) => PROBLEM_LABEL[p.kind] },
    { label: 'Details', width: 'minmax(220px, 3fr)', cell: (p) => <span title={p.message}>{p.message}</span> },
    {
      label: 'Decision',
      width: '250px',
      cell: (p) => (
        <span className="decide">
          <label>
            <input type="checkbox" checked={decisions.get(p.row) === 'exclude'} onChange={(e) => onDecide([p.row], e.target.checked ? 'exclude' : null)} />
            Exclude row {p.row}
          </label>
          {canKeep(p) && (
            <label>
              <input type="checkbox" checked={decisions.get(p.row) === 'keep'} onChange={(e) => onDecide([p.row], e.target.checked ? 'keep' : null)} />
              Keep row {p.row}
            </label>
          )}
        </span>
      ),
    },
  ];
  return (
    <section className="import-step" aria-label="Matching report">
      <p role="status">
        {items.length} {items.length === 1 ? 'row matches' : 'rows match'} one object each.{' '}
        {problems.length === 0 ? 'No problems.' : `${problems.length} ${problems.length === 1 ? 'row has a problem' : 'rows have problems'}: fix the file or the mapping, or exclude ${problems.length === 1 ? 'it' : 'them'}.`}
      </p>
      {problems.length > 0 && (
        <>
          <VirtualTable label="Rows with problems" columns={columns} rows={problems} rowKey={(p) => `${p.row}:${p.kind}`} height={280} rowClass={(p) => (decisions.has(p.row) ? 'decided' : undefined)} />
          <button type="button" className="link" onClick={() => onDecide(problems.filter((p) => !decisions.has(p.row)).map((p) => p.row), 'exclude')}>
            Exclude every undecided row
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
          Back to the columns
        </button>
        <button type="button" className="primary" disabled={left > 0 || busy} aria-busy={busy} onClick={onNext} title={left > 0 ? `${left} rows still need a decision` : undefined}>
          {busy ? 'Reading current values…' : left > 0 ? `Decide ${left} more ${left === 1 ? 'row' : 'rows'}` : 'Preview'}
        </button>
      </div>
    </section>
  );
}
