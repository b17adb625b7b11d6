/**
 * Counters over the interval: each object's mileage (or engine hours) since the interval's
 * start, one line per object, with the most-used objects drawn. The service's Counters
 * report gives the readings at the interval's ends only (per window of a long interval), so
 * the lines join the readings it gave rather than invent the ones between.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportTable } from '../../../common/methods/reports';
import { counterLines, type Counter } from './chart-model';
import { TIME_CHART_PADDING, timeAxis } from './time-axis';
import { numberText } from '../ui/format';
import { unitText } from './format';

const COLOURS = ['#2f6fd6', '#2f9e58', '#d64545', '#c9822b', '#7d4cc2', '#1d9aa8', '#b8447f', '#6b7a12', '#555', '#e0628f'];
const num = (v: number) => numberText(v, 1);

/** The axis's words per counter (`reports:counters.<key>`). */
const LABEL: Record<Counter, 'axisMileage' | 'axisEngineHours'> = { mileage: 'axisMileage', engineHours: 'axisEngineHours' };

export function CountersChart({ table }: { table: ReportTable }) {
  const { t } = useTranslation('reports');
  const [counter, setCounter] = useState<Counter>('mileage');
  const label = t(`counters.${LABEL[counter]}`);
  const host = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => counterLines(table, counter), [table, counter]);
  const totalIndex = table.columns.findIndex((c) => c.id === counter);
  const total = table.total[totalIndex];
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const text = getComputedStyle(document.documentElement).getPropertyValue('--text').trim() || '#222';
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 240,
        padding: TIME_CHART_PADDING,
        axes: [timeAxis(text), { stroke: text, label, size: 70 }],
        series: [{ label: t('chart.time') }, ...lines.map((l, i) => ({ label: l.name, stroke: COLOURS[i % COLOURS.length]!, width: 2 }))],
      },
      [[table.from / 1000, table.till / 1000], ...lines.map((l) => [0, l.value])],
      el,
    );
    return () => plot.destroy();
  }, [lines, label, table.from, table.till, t]);
  const top = lines[0];
  const unit = unitText(counter === 'mileage' ? 'km' : 'h');
  const amount = (v: number) => t('units.amount', { n: num(v), unit });
  return (
    <figure className="rp-chart" aria-label={t('counters.label')}>
      <figcaption>
        {t('counters.since')}{' '}
        <select aria-label={t('counters.select')} value={counter} onChange={(e) => setCounter(e.target.value as Counter)}>
          <option value="mileage">{t('counters.mileage')}</option>
          <option value="engineHours">{t('counters.engineHours')}</option>
        </select>
      </figcaption>
      <div ref={host} role="img" aria-label={t('counters.img', { what: label, count: lines.length })} />
      <p className="hint">
        {typeof total === 'number' ? t('counters.all', { count: table.rows.length, value: amount(total) }) : ''}
        {top ? t('counters.most', { name: top.name, value: amount(top.value) }) : '.'} {t('counters.note')}
      </p>
    </figure>
  );
}
