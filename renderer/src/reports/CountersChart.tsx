/**
 * Counters over the interval: each object's mileage (or engine hours) since the interval's
 * start, one line per object, with the most-used objects drawn. The service's Counters
 * report gives the readings at the interval's ends only (per window of a long interval), so
 * the lines join the readings it gave rather than invent the ones between.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportTable } from '../../../common/methods/reports';
import { counterLines, type Counter } from './chart-model';
import { timeAxis } from './time-axis';

const COLOURS = ['#2f6fd6', '#2f9e58', '#d64545', '#c9822b', '#7d4cc2', '#1d9aa8', '#b8447f', '#6b7a12', '#555', '#e0628f'];
const NUM = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

const LABEL: Record<Counter, string> = { mileage: 'Mileage, km', engineHours: 'Engine hours, h' };

export function CountersChart({ table }: { table: ReportTable }) {
  const [counter, setCounter] = useState<Counter>('mileage');
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
        axes: [timeAxis(text), { stroke: text, label: LABEL[counter], size: 70 }],
        series: [{}, ...lines.map((l, i) => ({ label: l.name, stroke: COLOURS[i % COLOURS.length]!, width: 2 }))],
      },
      [[table.from / 1000, table.till / 1000], ...lines.map((l) => [0, l.value])],
      el,
    );
    return () => plot.destroy();
  }, [lines, counter, table.from, table.till]);
  const top = lines[0];
  const unit = counter === 'mileage' ? 'km' : 'h';
  return (
    <figure className="rp-chart" aria-label="Counters over the interval">
      <figcaption>
        Since the interval’s start{' '}
        <select aria-label="Chart counter" value={counter} onChange={(e) => setCounter(e.target.value as Counter)}>
          <option value="mileage">Mileage</option>
          <option value="engineHours">Engine hours</option>
        </select>
      </figcaption>
      <div ref={host} role="img" aria-label={`${LABEL[counter]} of the ${lines.length} objects with the most, from the interval's start to its end`} />
      <p className="hint">
        {typeof total === 'number' ? `All ${table.rows.length} objects: ${NUM.format(total)} ${unit}` : ''}
        {top ? `; most: ${top.name}, ${NUM.format(top.value)} ${unit}.` : '.'} The service reads the counters at the interval’s ends; the table lists every object.
      </p>
    </figure>
  );
}
