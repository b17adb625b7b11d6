/**
 * Report templates built in the service's web interface: the list with each template's
 * report type, the type's columns (GetReportColumns), and the template's last result
 * (GetReportResult). The service cannot run a template from here (its POST fails), so the
 * screen reads results and says so.
 */
import { useEffect, useState } from 'react';
import type { ReportColumn, ReportTemplate, TemplateResult } from '../../../common/methods/reports';
import { rpc, RpcError } from '../rpc/client';
import { localText } from './format';
import { ReportTableView } from './ReportTableView';

const words = (e: unknown) => (e instanceof RpcError ? e.text : String(e));

export function TemplatesView() {
  const [list, setList] = useState<{ templates: ReportTemplate[]; types: Array<{ id: number | string; name: string }> } | null>(null);
  const [chosen, setChosen] = useState<ReportTemplate | null>(null);
  const [columns, setColumns] = useState<ReportColumn[] | null>(null);
  const [result, setResult] = useState<TemplateResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    rpc('reports/templates', {}).then(setList, (e: unknown) => setError(words(e)));
  }, []);
  const typeName = (t: ReportTemplate) => list?.types.find((x) => String(x.id) === String(t.reportType))?.name ?? `Type ${String(t.reportType)}`;
  const choose = (t: ReportTemplate) => {
    setChosen(t);
    setResult(null);
    setColumns(null);
    setError(null);
    rpc('reports/template-columns', { reportType: t.reportType }).then(setColumns, (e: unknown) => setError(words(e)));
  };
  return (
    <section className="rp-templates" aria-label="Report templates">
      <p className="hint">Templates are built in the service’s web interface; the service cannot run one from here, so the console reads each template’s last result.</p>
      {error && <p role="alert">{error}</p>}
      {list && list.templates.length === 0 && <p>No report templates on this service.</p>}
      {list && list.templates.length > 0 && (
        <ul aria-label="Templates" className="rp-template-list">
          {list.templates.map((t) => (
            <li key={t.id}>
              <button type="button" aria-pressed={chosen?.id === t.id} onClick={() => choose(t)}>
                {t.name} <span className="hint">({typeName(t)})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && columns && (
        <div>
          <h3>{chosen.name}</h3>
          <p>
            Columns: {columns.map((c) => c.label).join(', ') || 'none listed'}{' '}
            <button type="button" onClick={() => rpc('reports/template-result', { id: chosen.id }).then(setResult, (e: unknown) => setError(words(e)))}>
              Show last result
            </button>
          </p>
        </div>
      )}
      {result && (
        <>
          <p>
            {result.name}
            {result.from !== null && result.till !== null && ` · ${localText(result.from)} – ${localText(result.till)} (UTC times)`} · {result.rows.length} rows
          </p>
          <ReportTableView label={`Result of ${result.name}`} columns={result.columns} rows={result.rows.map((cells, i) => ({ objectId: i, cells }))} timeZones={{}} />
        </>
      )}
    </section>
  );
}
