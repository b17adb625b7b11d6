/**
 * Fuel over the interval for one object or the whole report: the litres refuelled and
 * drained so far, as steps at the moments the service reported them. The service gives
 * levels only at the ends of the interval, so the chart draws what it measured (each
 * refuel and drain) rather than a level line it would have to guess between them.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportTable } from '../../../common/methods/reports';
import { unitText } from './format';
import { TIME_CHART_PADDING, timeAxis } from './time-axis';

export function fuelSteps(t: ReportTable, objectId: number | null): { x: number[]; refuelled: number[]; drained: number[] } {
  const marks = (t.fuel ?? []).filter((f) => objectId === null || f.objectId === objectId);
  const ev = marks.flatMap((f) => [...f.refuels.map(([time, v]) => ({ time, r: v, d: 0 })), ...f.drains.map(([time, v]) => ({ time, r: 0, d: v }))]);
  ev.sort((a, b) => a.time - b.time);
  const x = [t.from / 1000];
  const refuelled = [0];
  const drained = [0];
  for (const e of ev) {
    x.push(e.time / 1000);
    refuelled.push(refuelled.at(-1)! + e.r);
    drained.push(drained.at(-1)! + e.d);
  }
  x.push(t.till / 1000);
  refuelled.push(refuelled.at(-1)!);
  drained.push(drained.at(-1)!);
  return { x, refuelled, drained };
}

export function FuelChart({ table }: { table: ReportTable }) {
  const { t } = useTranslation('reports');
  const [objectId, setObjectId] = useState<number | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const names = useMemo(() => new Map(table.rows.map((r) => [r.objectId, String(r.cells[0])])), [table]);
  const unit = table.columns.find((c) => c.id === 'refuelled');
  const data = useMemo(() => fuelSteps(table, objectId), [table, objectId]);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const css = getComputedStyle(document.documentElement);
    const text = css.getPropertyValue('--text').trim() || '#222';
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 220,
        padding: TIME_CHART_PADDING,
        axes: [timeAxis(text), { stroke: text, label: unit?.unit ? t('fuel.axisUnit', { unit: unitText(unit.unit) }) : t('fuel.axis') }],
        series: [{ label: t('chart.time') }, { label: t('fuel.refuelled'), stroke: '#2f9e58', width: 2, paths: uPlot.paths.stepped!({ align: 1 }) }, { label: t('fuel.drained'), stroke: '#d64545', width: 2, paths: uPlot.paths.stepped!({ align: 1 }) }],
      },
      [data.x, data.refuelled, data.drained],
      el,
    );
    return () => plot.destroy();
  }, [data, unit, t]);
  return (
    <figure className="rp-chart" aria-label={t('fuel.label')}>
      <figcaption>
        {t('fuel.caption')}{' '}
        <select aria-label={t('fuel.select')} value={objectId ?? ''} onChange={(e) => setObjectId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{t('fuel.all')}</option>
          {[...names].map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </figcaption>
      <div ref={host} />
    </figure>
  );
}
