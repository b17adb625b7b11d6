/**
 * Report templates built in the service's web interface: the list with each template's
 * report type, the type's columns (GetReportColumns), and the template's last result
 * (GetReportResult). The service cannot run a template from here (its POST fails), so the
 * screen reads results and says so.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportColumn, ReportTemplate, TemplateResult } from '../../../common/methods/reports';
import { rpc, RpcError } from '../rpc/client';
import { localText } from './format';
import { ReportTableView } from './ReportTableView';

const words = (e: unknown) => (e instanceof RpcError ? e.text : String(e));

export function TemplatesView() {
  const { t } = useTranslation('reports');
  const [list, setList] = useState<{ templates: ReportTemplate[]; types: Array<{ id: number | string; name: string }> } | null>(null);
  const [chosen, setChosen] = useState<ReportTemplate | null>(null);
  const [columns, setColumns] = useState<ReportColumn[] | null>(null);
  const [result, setResult] = useState<TemplateResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    rpc('reports/templates', {}).then(setList, (e: unknown) => setError(words(e)));
  }, []);
  const typeName = (tpl: ReportTemplate) => list?.types.find((x) => String(x.id) === String(tpl.reportType))?.name ?? t('templates.typeN', { type: String(tpl.reportType) });
  const choose = (tpl: ReportTemplate) => {
    setChosen(tpl);
    setResult(null);
    setColumns(null);
    setError(null);
    rpc('reports/template-columns', { reportType: tpl.reportType }).then(setColumns, (e: unknown) => setError(words(e)));
  };
  return (
    <section className="rp-templates" aria-label={t('templates.label')}>
      <p className="hint">{t('templates.hint')}</p>
      {error && <p role="alert">{error}</p>}
      {list && list.templates.length === 0 && <p>{t('templates.none')}</p>}
      {list && list.templates.length > 0 && (
        <ul aria-label={t('templates.list')} className="rp-template-list">
          {list.templates.map((tpl) => (
            <li key={tpl.id}>
              <button type="button" aria-pressed={chosen?.id === tpl.id} onClick={() => choose(tpl)}>
                {tpl.name} <span className="hint">({typeName(tpl)})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && columns && (
        <div>
          <h3>{chosen.name}</h3>
          <p>
            {/* Not commas: a label carries its unit after one ("Start, l"). */}
            {t('templates.columns', { list: columns.map((c) => c.label).join(' · ') || t('templates.noneListed') })}{' '}
            <button type="button" onClick={() => rpc('reports/template-result', { id: chosen.id }).then(setResult, (e: unknown) => setError(words(e)))}>
              {t('templates.showResult')}
            </button>
          </p>
        </div>
      )}
      {result && (
        <>
          <p>
            {result.name}
            {result.from !== null && result.till !== null && ` · ${t('templates.interval', { from: localText(result.from), till: localText(result.till) })}`} · {t('templates.rows', { count: result.rows.length })}
          </p>
          <ReportTableView label={t('templates.resultLabel', { name: result.name })} ownLabels columns={result.columns} rows={result.rows.map((cells, i) => ({ objectId: i, cells }))} timeZones={{}} />
        </>
      )}
    </section>
  );
}
