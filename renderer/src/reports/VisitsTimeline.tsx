/**
 * Geozone visits as a timeline: one row per object, a bar per visit from entry to exit
 * (to the interval's end while still inside). An SVG, so each bar carries its own title for
 * a pointer and the figure says in words what it shows; the table below lists every visit.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportTable } from '../../../common/methods/reports';
import { OTHER_ZONE_COLOUR, timelineRows, zoneColours } from './chart-model';
import { localText, timeText } from './format';

const ROWS = 40;
const ROW_H = 22;
const LABEL_W = 170;
const WIDTH = 1000;

export function VisitsTimeline({ table: tb }: { table: ReportTable }) {
  const { t } = useTranslation('reports');
  const rows = useMemo(() => timelineRows(tb), [tb]);
  const colours = useMemo(() => zoneColours(rows), [rows]);
  const shown = rows.slice(0, ROWS);
  const span = tb.till - tb.from;
  const x = (ms: number) => LABEL_W + ((ms - tb.from) / span) * (WIDTH - LABEL_W - 8);
  const visits = rows.reduce((s, r) => s + r.visits.length, 0);
  const height = shown.length * ROW_H + 24;
  const summary = `${t('visits.summary', { visits, zones: colours.of.size, objects: rows.length, from: localText(tb.from), till: localText(tb.till) })}${rows.length > ROWS ? t('visits.drawn', { count: ROWS }) : ''}.`;
  return (
    <figure className="rp-chart" aria-label={t('visits.label')}>
      <figcaption>{t('visits.caption')}</figcaption>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${height}`} width="100%" className="rp-timeline">
        {shown.map((r, i) => (
          <g key={r.objectId} transform={`translate(0, ${i * ROW_H})`}>
            <text x={4} y={ROW_H - 7} className="rp-tl-name">
              {r.name.length > 24 ? `${r.name.slice(0, 23)}…` : r.name}
            </text>
            <line x1={LABEL_W} x2={WIDTH - 8} y1={ROW_H / 2} y2={ROW_H / 2} className="rp-tl-track" />
            {r.visits.map((v, j) => (
              <rect key={j} x={x(v.enter)} y={4} width={Math.max(2, x(v.exit) - x(v.enter))} height={ROW_H - 8} rx={2} fill={colours.of.get(v.zone)}>
                <title>{`${r.name}: ${v.zone}, ${timeText(v.enter, tb.timeZones[r.objectId])} – ${timeText(v.exit, tb.timeZones[r.objectId])}`}</title>
              </rect>
            ))}
          </g>
        ))}
        <text x={LABEL_W} y={height - 6} className="rp-tl-axis">
          {localText(tb.from)}
        </text>
        <text x={WIDTH - 8} y={height - 6} textAnchor="end" className="rp-tl-axis">
          {localText(tb.till)}
        </text>
      </svg>
      <p className="hint">
        {summary} {t('visits.eachVisit')}
      </p>
      <ul className="rp-tl-legend" aria-label={t('visits.colours')}>
        {colours.named.map((z) => (
          <li key={z}>
            <span aria-hidden="true" style={{ background: colours.of.get(z) }} /> {z}
          </li>
        ))}
        {colours.others > 0 && (
          <li>
            <span aria-hidden="true" style={{ background: OTHER_ZONE_COLOUR }} /> {t('visits.others', { n: colours.others })}
          </li>
        )}
      </ul>
    </figure>
  );
}
