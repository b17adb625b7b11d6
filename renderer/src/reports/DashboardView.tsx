/**
 * The fleet dashboard: the interval's daily statistics for every object or one group, as
 * totals, the day-by-day trend, the per-object and per-group tables, and ranked lists
 * (most idle, most days over the speed limit, least mileage).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Dashboard, ReportColumn } from '../../../common/methods/reports';
import { rpc, RpcError } from '../rpc/client';
import { useGroupNames } from '../stores/use-group-names';
import { ageText, distanceText, volumeText } from '../ui/format';
import { useNow } from '../ui/use-now';
import { dashboardModel, objectRows, ranked, SUM_COLUMNS, sumCells, type DashboardModel } from './dashboard-model';
import { durationText, localText } from './format';
import { PRESETS, PRESET_LABEL, presetInterval, type Preset } from './presets';
import { ReportTableView } from './ReportTableView';
import { timeAxis } from './time-axis';
import { usePreferences } from '../stores/preferences';

const OBJECT_COLUMNS: ReportColumn[] = [{ id: 'object', label: 'Object', type: 'text' }, ...SUM_COLUMNS, { id: 'speeding', label: 'Speeding days', type: 'number', sums: true }];
const GROUP_COLUMNS: ReportColumn[] = [{ id: 'group', label: 'Group', type: 'text' }, ...SUM_COLUMNS];

export function DashboardView() {
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
  const model = useMemo(() => (data ? dashboardModel(data) : null), [data]);
  return (
    <section className="rp-dashboard" aria-label="Fleet dashboard">
      <div className="rp-form rp-inline">
        <label>
          Interval{' '}
          <select aria-label="Dashboard interval" value={preset} onChange={(e) => setPreset(e.target.value as typeof preset)}>
            {PRESETS.filter((p) => p !== 'custom').map((p) => (
              <option key={p} value={p}>
                {PRESET_LABEL[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Objects{' '}
          <select aria-label="Dashboard objects" value={group ?? ''} onChange={(e) => setGroup(e.target.value ? Number(e.target.value) : null)}>
            <option value="">All objects</option>
            {[...groups].map(([id, name]) => (
              <option key={id} value={id}>
                Group: {name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void load()} disabled={loading}>
          {loading ? 'Loading…' : 'Refresh'}
        </button>
        {data && (
          <span className="hint">
            {data.objectIds.length} objects · {localText(data.from)} – {localText(data.till)} · read {ageText(data.fetchedAt, now)}
          </span>
        )}
      </div>
      {error && <p role="alert">{error}</p>}
      {data?.notRefreshed && <p role="status" className="rp-stale">{data.notRefreshed}</p>}
      {data && model && <Body data={data} model={model} />}
    </section>
  );
}

function Body({ data, model }: { data: Dashboard; model: DashboardModel }) {
  usePreferences(); // units: read as the text is made
  const t = model.total;
  const tiles: Array<[string, string]> = [
    ['Mileage', distanceText(t.km, 0)],
    ['Engine on', durationText(t.engine)],
    ['Moving', durationText(t.move)],
    ['Parked', durationText(t.park)],
    ['Idle', durationText(t.idle)],
    ['Fuel used', volumeText(t.fuel, 0)],
  ];
  const rows = useMemo(() => objectRows(data, model), [data, model]);
  const total = ['Total', ...sumCells(t), Object.values(data.speeding).reduce((s, v) => s + v, 0)];
  return (
    <>
      <ul className="rp-tiles" aria-label="Fleet totals">
        {tiles.map(([label, value]) => (
          <li key={label}>
            <span className="hint">{label}</span>
            <strong>{value}</strong>
          </li>
        ))}
      </ul>
      <Trend model={model} />
      <div className="rp-ranks">
        <Ranked title="Most idle" items={ranked(data, model, 'idle', 5).map((x) => [x.name, durationText(x.value)])} />
        <Ranked title="Most days over the speed limit" items={ranked(data, model, 'speeding', 5).map((x) => [x.name, `${x.value} days`])} />
        <Ranked title="Most mileage" items={ranked(data, model, 'km', 5).map((x) => [x.name, distanceText(x.value, 0)])} />
        <Ranked title="Least mileage" items={ranked(data, model, 'km', 5, true).map((x) => [x.name, distanceText(x.value, 0)])} />
      </div>
      <h3>Per object</h3>
      <ReportTableView label="Dashboard per object" columns={OBJECT_COLUMNS} rows={rows} total={total} timeZones={{}} height={360} />
      {model.perGroup.length > 0 && (
        <>
          <h3>Per group</h3>
          <ReportTableView label="Dashboard per group" columns={GROUP_COLUMNS} rows={model.perGroup.map((g) => ({ objectId: g.id, cells: [g.name, ...sumCells(g)] }))} timeZones={{}} height={240} />
        </>
      )}
    </>
  );
}

function Ranked({ title, items }: { title: string; items: Array<[string, string]> }) {
  return (
    <section className="rp-rank" aria-label={title}>
      <h3>{title}</h3>
      {items.length === 0 ? (
        <p className="hint">None.</p>
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

function Trend({ model }: { model: DashboardModel }) {
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
        scales: { km: {}, h: {} },
        axes: [timeAxis(text), { stroke: text, scale: 'km', label: 'Mileage, km' }, { stroke: text, scale: 'h', side: 1, label: 'Engine on, h', grid: { show: false } }],
        series: [{}, { label: 'Mileage, km', scale: 'km', stroke: '#3b6fd8', fill: 'rgba(59,111,216,0.35)', paths: bars }, { label: 'Engine on, h', scale: 'h', stroke: '#e08a1e', width: 2 }],
      },
      [model.perDay.map((d) => d.day / 1000), model.perDay.map((d) => Math.round(d.km)), model.perDay.map((d) => Math.round((d.engine / 3600) * 10) / 10)],
      el,
    );
    return () => plot.destroy();
  }, [model]);
  return (
    <figure className="rp-chart" aria-label="Day by day trend">
      <figcaption>Day by day</figcaption>
      {model.perDay.length === 0 ? <p className="hint">No days in this interval.</p> : <div ref={host} />}
    </figure>
  );
}
