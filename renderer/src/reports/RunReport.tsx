/**
 * Run one of the service's reports: which report, which objects or groups, which interval;
 * then the table (rows as they arrive, the finished table with totals), its age and any
 * objects the service did not answer for, the exports, and for fuel the chart.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_KINDS, type ReportKind, type ReportRequestIn, type ReportTable } from '../../../common/methods/reports';
import { rpc } from '../rpc/client';
import { ageText } from '../ui/format';
import { useNow } from '../ui/use-now';
import { exportCsv, exportXlsx, printReport } from './export';
import { CountersChart } from './CountersChart';
import { FuelChart } from './FuelChart';
import { VisitsTimeline } from './VisitsTimeline';
import { coreText, localText, withCoreName } from './format';
import { PRESETS, presetInterval, fromLocalInput, toLocalInput, type Preset } from './presets';
import { ReportTableView } from './ReportTableView';
import { TargetPicker, type Targets } from './TargetPicker';
import { useReport } from './use-report';

const USER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Each kind's name is `reports:kind.<kind>`. */

/** The last report asked for, so the screen reopens on it (and its cached table) while the app runs. */
let lastAsked: { kind: ReportKind; targets: Targets; preset: Preset; custom: { from: number; till: number }; request: ReportRequestIn } | null = null;

export function RunReport() {
  const { t } = useTranslation('reports');
  const [kind, setKind] = useState<ReportKind>(lastAsked?.kind ?? 'moto');
  const [targets, setTargets] = useState<Targets>(lastAsked?.targets ?? { objectIds: [], groupIds: [] });
  const [preset, setPreset] = useState<Preset>(lastAsked?.preset ?? 'yesterday');
  const [custom, setCustom] = useState(() => lastAsked?.custom ?? presetInterval('this-week', Date.now()));
  const [perObject, setPerObject] = useState(false);
  const [exportError, setExportError] = useState<ExportNote | null>(null);
  const { state, run, cancel, show } = useReport();
  useEffect(() => {
    // The cached copy, with its age and (offline) why it was not refreshed; nothing is asked of the service.
    if (lastAsked) void rpc('reports/cached', { request: lastAsked.request }).then((r) => r.table && show(r.table), () => {});
  }, [show]);
  const interval = preset === 'custom' ? custom : presetInterval(preset, Date.now());
  const empty = targets.objectIds.length + targets.groupIds.length === 0;
  const bad = interval.till <= interval.from;

  return (
    <div className="rp-run">
      <form
        className="rp-form"
        aria-label={t('run.form')}
        onSubmit={(e) => {
          e.preventDefault();
          if (empty || bad) return;
          const request = { kind, ...targets, ...interval, zone: USER_ZONE };
          lastAsked = { kind, targets, preset, custom, request };
          void run(request);
        }}
      >
        <label>
          {t('run.report')}{' '}
          <select aria-label={t('run.kind')} value={kind} onChange={(e) => setKind(e.target.value as ReportKind)}>
            {REPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('run.interval')}{' '}
          <select aria-label={t('run.interval')} value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`preset.${p}`)}
              </option>
            ))}
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label>
              {t('run.from')} <input type="datetime-local" aria-label={t('run.from')} value={toLocalInput(custom.from)} onChange={(e) => setCustom((c) => ({ ...c, from: fromLocalInput(e.target.value) ?? c.from }))} />
            </label>
            <label>
              {t('run.till')} <input type="datetime-local" aria-label={t('run.till')} value={toLocalInput(custom.till)} onChange={(e) => setCustom((c) => ({ ...c, till: fromLocalInput(e.target.value) ?? c.till }))} />
            </label>
          </>
        )}
        <TargetPicker value={targets} onChange={setTargets} />
        <div className="rp-actions">
          <button type="submit" className="primary" disabled={empty || bad || state.running}>
            {t('run.run')}
          </button>
          {state.running && (
            <button type="button" onClick={cancel}>
              {t('run.cancel')}
            </button>
          )}
          {empty && <span className="hint">{t('run.chooseTargets')}</span>}
          {bad && <span role="alert">{t('run.badInterval')}</span>}
        </div>
      </form>
      <section className="rp-result" aria-label={t('run.result')}>
        {state.running && (
          <p className="rp-progress">
            <progress aria-label={t('run.progress')} max={state.progress?.total ?? 1} value={state.progress?.done ?? 0} />{' '}
            {state.progress ? t('run.progressText', { done: state.progress.done, count: state.progress.total }) : t('run.starting')}
          </p>
        )}
        {state.error && <p role="alert">{state.error}</p>}
        {state.running && state.partial && <ReportTableView label={t('run.rowsSoFar')} columns={state.partial.columns} rows={state.partial.rows} timeZones={state.partial.timeZones} />}
        {state.table && (
          <Finished table={state.table} perObject={perObject} setPerObject={setPerObject} exportError={exportError} setExportError={setExportError} onRefresh={() => void run({ kind: state.table!.kind, ...targets, from: state.table!.from, till: state.table!.till, zone: USER_ZONE }, true)} />
        )}
      </section>
    </div>
  );
}

/** What the last export said: where a PDF went, or why an export failed. */
interface ExportNote {
  text: string;
  ok: boolean;
}

interface FinishedProps {
  table: ReportTable;
  perObject: boolean;
  setPerObject: (v: boolean) => void;
  exportError: ExportNote | null;
  setExportError: (v: ExportNote | null) => void;
  onRefresh: () => void;
}

function Finished({ table: tb, perObject, setPerObject, exportError, setExportError, onRefresh }: FinishedProps) {
  const { t } = useTranslation('reports');
  const now = useNow(30_000);
  const failedCount = tb.failed.reduce((s, f) => s + f.objectIds.length, 0);
  const kind = t(`kind.${tb.kind}`);
  const rows = useMemo(() => (perObject ? tb.objectTotals.map((r) => ({ ...r, cells: withCoreName(r.cells, true) })) : tb.rows), [perObject, tb]);
  return (
    <>
      <header className="rp-summary">
        <h2>{kind}</h2>
        <span>{t('run.summary', { count: tb.objectIds.length, from: localText(tb.from), till: localText(tb.till), age: ageText(tb.fetchedAt, now) })}</span>
        <span className="rp-tools">
          {tb.kind === 'geozones' && (
            <label>
              <input type="checkbox" checked={perObject} onChange={(e) => setPerObject(e.target.checked)} /> {t('run.perObject')}
            </label>
          )}
          <button type="button" onClick={() => exportXlsx(tb).then(() => setExportError(null), (e: unknown) => setExportError({ text: String(e instanceof Error ? e.message : e), ok: false }))}>
            {t('run.xlsx')}
          </button>
          <button type="button" onClick={() => exportCsv(tb)}>
            {t('run.csv')}
          </button>
          <button type="button" onClick={() => printReport(tb).then((path) => setExportError(path ? { text: t('run.savedPdf', { path }), ok: true } : null), (e: unknown) => setExportError({ text: String(e instanceof Error ? e.message : e), ok: false }))}>
            {t('run.pdf')}
          </button>
          <button type="button" onClick={onRefresh}>
            {t('run.refresh')}
          </button>
        </span>
      </header>
      {tb.notRefreshed && <p role="status" className="rp-stale">{coreText(tb.notRefreshed)}</p>}
      {tb.cancelled && <p role="status" className="rp-stale">{t('run.cancelled')}</p>}
      {failedCount > 0 && <p role="alert">{t('run.failed', { count: failedCount, message: tb.failed[0]!.message })}</p>}
      {exportError && <p role={exportError.ok ? 'status' : 'alert'}>{exportError.text}</p>}
      <ReportTableView label={t('run.tableLabel', { kind })} columns={tb.columns} rows={rows} total={withCoreName(tb.total)} timeZones={tb.timeZones} />
      {tb.kind === 'fuel' && tb.fuel && <FuelChart table={tb} />}
      {tb.kind === 'counters' && tb.rows.length > 0 && <CountersChart table={tb} />}
      {tb.kind === 'geozones' && tb.rows.length > 0 && <VisitsTimeline table={tb} />}
    </>
  );
}
