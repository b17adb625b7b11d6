/**
 * Run one of the service's reports: which report, which objects or groups, which interval;
 * then the table (rows as they arrive, the finished table with totals), its age and any
 * objects the service did not answer for, the exports, and for fuel the chart.
 */
import { useEffect, useState } from 'react';
import { REPORT_KINDS, type ReportKind, type ReportRequestIn, type ReportTable } from '../../../common/methods/reports';
import { rpc } from '../rpc/client';
import { ageText } from '../ui/format';
import { useNow } from '../ui/use-now';
import { exportCsv, exportXlsx, printReport } from './export';
import { CountersChart } from './CountersChart';
import { FuelChart } from './FuelChart';
import { VisitsTimeline } from './VisitsTimeline';
import { localText } from './format';
import { PRESETS, PRESET_LABEL, presetInterval, fromLocalInput, toLocalInput, type Preset } from './presets';
import { ReportTableView } from './ReportTableView';
import { TargetPicker, type Targets } from './TargetPicker';
import { useReport } from './use-report';

const USER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export const KIND_LABEL: Record<ReportKind, string> = { moto: 'Engine operation', geozones: 'Geozone visits', counters: 'Counters', fuel: 'Fuel' };

/** The last report asked for, so the screen reopens on it (and its cached table) while the app runs. */
let lastAsked: { kind: ReportKind; targets: Targets; preset: Preset; custom: { from: number; till: number }; request: ReportRequestIn } | null = null;

export function RunReport() {
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
        aria-label="Report"
        onSubmit={(e) => {
          e.preventDefault();
          if (empty || bad) return;
          const request = { kind, ...targets, ...interval, zone: USER_ZONE };
          lastAsked = { kind, targets, preset, custom, request };
          void run(request);
        }}
      >
        <label>
          Report{' '}
          <select aria-label="Report kind" value={kind} onChange={(e) => setKind(e.target.value as ReportKind)}>
            {REPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Interval{' '}
          <select aria-label="Interval" value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {PRESET_LABEL[p]}
              </option>
            ))}
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label>
              From <input type="datetime-local" aria-label="From" value={toLocalInput(custom.from)} onChange={(e) => setCustom((c) => ({ ...c, from: fromLocalInput(e.target.value) ?? c.from }))} />
            </label>
            <label>
              Till <input type="datetime-local" aria-label="Till" value={toLocalInput(custom.till)} onChange={(e) => setCustom((c) => ({ ...c, till: fromLocalInput(e.target.value) ?? c.till }))} />
            </label>
          </>
        )}
        <TargetPicker value={targets} onChange={setTargets} />
        <div className="rp-actions">
          <button type="submit" className="primary" disabled={empty || bad || state.running}>
            Run report
          </button>
          {state.running && (
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          )}
          {empty && <span className="hint">Choose objects or groups.</span>}
          {bad && <span role="alert">The interval ends before it starts.</span>}
        </div>
      </form>
      <section className="rp-result" aria-label="Report result">
        {state.running && (
          <p className="rp-progress">
            <progress aria-label="Report progress" max={state.progress?.total ?? 1} value={state.progress?.done ?? 0} />{' '}
            {state.progress ? `${state.progress.done} of ${state.progress.total} objects` : 'Starting…'}
          </p>
        )}
        {state.error && <p role="alert">{state.error}</p>}
        {state.running && state.partial && <ReportTableView label="Report rows so far" columns={state.partial.columns} rows={state.partial.rows} timeZones={state.partial.timeZones} />}
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

function Finished({ table: t, perObject, setPerObject, exportError, setExportError, onRefresh }: FinishedProps) {
  const now = useNow(30_000);
  const failedCount = t.failed.reduce((s, f) => s + f.objectIds.length, 0);
  return (
    <>
      <header className="rp-summary">
        <h2>{KIND_LABEL[t.kind]}</h2>
        <span>
          {t.objectIds.length} objects · {localText(t.from)} – {localText(t.till)} · read {ageText(t.fetchedAt, now)}
        </span>
        <span className="rp-tools">
          {t.kind === 'geozones' && (
            <label>
              <input type="checkbox" checked={perObject} onChange={(e) => setPerObject(e.target.checked)} /> Totals per object
            </label>
          )}
          <button type="button" onClick={() => exportXlsx(t).then(() => setExportError(null), (e: unknown) => setExportError({ text: String(e instanceof Error ? e.message : e), ok: false }))}>
            Export XLSX
          </button>
          <button type="button" onClick={() => exportCsv(t)}>
            Export CSV
          </button>
          <button type="button" onClick={() => printReport(t).then((path) => setExportError(path ? { text: `Saved as PDF: ${path}`, ok: true } : null), (e: unknown) => setExportError({ text: String(e instanceof Error ? e.message : e), ok: false }))}>
            Print or save as PDF
          </button>
          <button type="button" onClick={onRefresh}>
            Refresh
          </button>
        </span>
      </header>
      {t.notRefreshed && <p role="status" className="rp-stale">{t.notRefreshed}</p>}
      {t.cancelled && <p role="status" className="rp-stale">Cancelled: the table holds the objects finished before it stopped, and is not kept.</p>}
      {failedCount > 0 && (
        <p role="alert">
          The service did not answer for {failedCount} objects ({t.failed[0]!.message}); they are not in the table or its totals.
        </p>
      )}
      {exportError && <p role={exportError.ok ? 'status' : 'alert'}>{exportError.text}</p>}
      <ReportTableView label={`${KIND_LABEL[t.kind]} report`} columns={t.columns} rows={perObject ? t.objectTotals : t.rows} total={t.total} timeZones={t.timeZones} />
      {t.kind === 'fuel' && t.fuel && <FuelChart table={t} />}
      {t.kind === 'counters' && t.rows.length > 0 && <CountersChart table={t} />}
      {t.kind === 'geozones' && t.rows.length > 0 && <VisitsTimeline table={t} />}
    </>
  );
}
