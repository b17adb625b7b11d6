/**
 * The fleet dashboard: the interval's daily statistics for every object or one group, as
 * totals, the day-by-day trend, the per-object and per-group tables, and ranked lists
 * (most idle, most days over the speed limit, least mileage).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Dashboard, ReportColumn } from '../../../common/methods/reports';
import { rpc, RpcError } from '../rpc/client';
import { useGroupNames } from '../stores/use-group-names';
import { ageText, distanceText, volumeText } from '../ui/format';
import { useNow } from '../ui/use-now';
import { dashboardModel, objectRows, ranked, SUM_COLUMNS, sumCells, type DashboardModel } from './dashboard-model';
import { coreText, durationText, localText } from './format';
import { PRESETS, presetInterval, type Preset } from './presets';
import { ReportTableView } from './ReportTableView';
import { timeAxis } from './time-axis';
import { usePreferences } from '../stores/preferences';
import { computerZone } from '../ui/time';

// Labels are English fallbacks: the table names columns by id (format.ts columnLabel).
const OBJECT_COLUMNS: ReportColumn[] = [{ id: 'object', label: 'Object', type: 'text' }, ...SUM_COLUMNS, { id: 'speeding', label: 'Speeding days', type: 'number', sums: true }];
const GROUP_COLUMNS: ReportColumn[] = [{ id: 'group', label: 'Group', type: 'text' }, ...SUM_COLUMNS];

export function DashboardView() {
  const { t } = useTranslation('reports');
  const groups = useGroupNames();
  const [preset, setPreset] = useState<Exclude<Preset, 'custom'>>('last-week');
  const [group, setGroup] = useState<number | null>(null);
  const [data, setData] = useState<Dashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const now = useNow(30_000);
  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await rpc('reports/dashboard', { ...presetInterval(preset, Date.now()), ...(group === null ? {} : { groupIds: [group] }) }));
    } catch (e) {
      setError(e instanceof RpcError ? e.text : String(e));
    } finally {
      setLoading(false);
    }
  }, [preset, group]);
  useEffect(() => void load(), [load]);
  // By the dates of this computer's zone, which the presets and the chart's axis use.
  const model = useMemo(() => (data ? dashboardModel(data, computerZone()) : null), [data]);
  return (
    <section className="rp-dashboard" aria-label={t('dashboard.label')}>
      <div className="rp-form rp-inline">
        <label>
          {t('dashboard.interval')}{' '}
          <select aria-label={t('dashboard.intervalLabel')} value={preset} onChange={(e) => setPreset(e.target.value as typeof preset)}>
            {PRESETS.filter((p) => p !== 'custom').map((p) => (
              <option key={p} value={p}>
                {t(`preset.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('dashboard.objects')}{' '}
          <select aria-label={t('dashboard.objectsLabel')} value={group ?? ''} onChange={(e) => setGroup(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('dashboard.all')}</option>
            {[...groups].map(([id, name]) => (
              <option key={id} value={id}>
                {t('dashboard.group', { name })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void load()} disabled={loading}>
          {loading ? t('dashboard.loading') : t('dashboard.refresh')}
        </button>
        {data && (
          <span className="hint">
            {t('run.summary', { count: data.objectIds.length, from: localText(data.from), till: localText(data.till), age: ageText(data.fetchedAt, now) })}
          </span>
        )}
      </div>
      {error && <p role="alert">{error}</p>}
      {data?.notRefreshed && <p role="status" className="rp-stale">{coreText(data.notRefreshed)}</p>}
      {data && model && <Body data={data} model={model} />}
    </section>
  );
}

function Body({ data, model }: { data: Dashboard; model: DashboardModel }) {
  const { t } = useTranslation('reports');
  usePreferences(); // units: read as the text is made
  const sum = model.total;
  const km = (v: number) => distanceText(v, 0);
  const tiles: Array<[string, string]> = [
    [t('columns.km'), km(sum.km)],
    [t('columns.engine'), durationText(sum.engine)],
    [t('columns.move'), durationText(sum.move)],
    [t('columns.park'), durationText(sum.park)],
    [t('columns.idle'), durationText(sum.idle)],
    [t('columns.fuel'), volumeText(sum.fuel, 0)],
  ];
  const rows = useMemo(() => objectRows(data, model), [data, model]);
  const total = [t('dashboard.total'), ...sumCells(sum), Object.values(data.speeding).reduce((s, v) => s + v, 0)];
  return (
    <>
      <ul className="rp-tiles" aria-label={t('dashboard.totals')}>
        {tiles.map(([label, value]) => (
          <li key={label}>
            <span className="hint">{label}</span>
            <strong>{value}</strong>
          </li>
        ))}
      </ul>
      <Trend model={model} />
      <div className="rp-ranks">
        <Ranked title={t('dashboard.mostIdle')} items={ranked(data, model, 'idle', 5).map((x) => [x.name, durationText(x.value)])} />
        <Ranked title={t('dashboard.mostSpeeding')} items={ranked(data, model, 'speeding', 5).map((x) => [x.name, t('dashboard.days', { count: x.value })])} />
        <Ranked title={t('dashboard.mostMileage')} items={ranked(data, model, 'km', 5).map((x) => [x.name, km(x.value)])} />
        <Ranked title={t('dashboard.leastMileage')} items={ranked(data, model, 'km', 5, true).map((x) => [x.name, km(x.value)])} />
      </div>
      <h3>{t('dashboard.perObject')}</h3>
      <ReportTableView label={t('dashboard.perObjectLabel')} columns={OBJECT_COLUMNS} rows={rows} total={total} timeZones={{}} height={360} />
      {model.perGroup.length > 0 && (
        <>
          <h3>{t('dashboard.perGroup')}</h3>
          <ReportTableView label={t('dashboard.perGroupLabel')} columns={GROUP_COLUMNS} rows={model.perGroup.map((g) => ({ objectId: g.id, cells: [g.name, ...sumCells(g)] }))} timeZones={{}} height={240} />
        </>
      )}
    </>
  );
}

function Ranked({ title, items }: { title: string; items: Array<[string, string]> }) {
  const { t } = useTranslation('reports');
  return (
    <section className="rp-rank" aria-label={title}>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="hint">{t('dashboard.none')}</p>
      ) : (
        <ol>
          {items.map(([name, value]) => (
            <li key={name}>
              <span>{name}</span> <span className="rp-num">{value}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const fromZero = (_u: uPlot, _min: number | null, max: number | null): uPlot.Range.MinMax => [0, max && max > 0 ? max * 1.1 : 1];

function Trend({ model }: { model: DashboardModel }) {
  const { t } = useTranslation('reports');
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el || model.perDay.length === 0) return;
    const text = getComputedStyle(document.documentElement).getPropertyValue('--text').trim() || '#222';
    const bars = uPlot.paths.bars!({ size: [0.6, 40] });
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 220,
        // Half a day either side: the first and last days' bars whole, not cut at the edges. Both
        // figures from zero, so a bar's height is the day's share and not its distance above the lowest.
        scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, km: { range: fromZero }, h: { range: fromZero } },
        axes: [timeAxis(text), { stroke: text, scale: 'km', label: t('dashboard.axisMileage') }, { stroke: text, scale: 'h', side: 1, label: t('dashboard.axisEngine'), grid: { show: false } }],
        series: [{ label: t('chart.time') }, { label: t('dashboard.axisMileage'), scale: 'km', stroke: '#3b6fd8', fill: 'rgba(59,111,216,0.35)', paths: bars }, { label: t('dashboard.axisEngine'), scale: 'h', stroke: '#e08a1e', width: 2 }],
      },
      [model.perDay.map((d) => d.day / 1000), model.perDay.map((d) => Math.round(d.km)), model.perDay.map((d) => Math.round((d.engine / 3600) * 10) / 10)],
      el,
    );
    return () => plot.destroy();
  }, [model, t]);
  return (
    <figure className="rp-chart" aria-label={t('dashboard.trend')}>
      <figcaption>{t('dashboard.trendCaption')}</figcaption>
      {model.perDay.length === 0 ? <p className="hint">{t('dashboard.noDays')}</p> : <div ref={host} />}
    </figure>
  );
}
