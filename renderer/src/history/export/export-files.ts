/** The export buttons' work: gather the interval, build the file, hand it to the browser. */
import type { HistoryData } from '../../../../common/methods/history';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Derived } from '../model/derive';
import { buildCsv, buildGpx, buildKml, type ExportInput } from './formats';
import { download } from './download';
import { fmtDuration, fmtTime } from '../time-format';
import { i18n } from '../../i18n';

export type ExportKind = 'gpx' | 'kml' | 'csv';

const TYPES: Record<ExportKind, string> = {
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
  csv: 'text/csv',
};

export function fileStem(name: string, from: number, till: number, tz: string): string {
  const f = (ms: number) => format(new TZDate(ms, tz), 'yyyyMMdd-HHmm');
  return `${name.replace(/[^\w.-]+/g, '_')}_${f(from)}_${f(till)}`;
}

/** The vehicle as the files name it: its name and, when it has one, its plate. */
export function vehicleName(name: string, plate?: string | null): string {
  return plate && plate !== name ? `${name} ${plate}` : name;
}

/** The title over the charts PNG: which vehicle, which interval, in which zone. */
export function chartsTitle(vehicle: string, from: number, till: number, tz: string): string {
  return `${vehicle}: ${fmtTime(from, tz, 'd MMM yyyy HH:mm')} – ${fmtTime(till, tz, 'd MMM yyyy HH:mm')} (${tz})`;
}

/** `zone`: the CSV's times (the object's zone); GPX and KML keep UTC, as their formats ask. */
export function exportInterval(kind: ExportKind, name: string, data: HistoryData, d: Derived, tz: string, zone = tz): void {
  const input: ExportInput = {
    zone,
    sensors: d.sensors.map((s) => ({ name: `${s.name}${s.units ? ` (${s.units})` : ''}`, time: s.series.time, value: s.series.value })),
    name: `${name}, ${fmtTime(data.from, tz)} – ${fmtTime(data.till, tz)}`,
    track: data.track,
    // The model is built from these very columns; its breaks index them one to one.
    breaks: d.model.n === data.track.time.length ? d.model.breakBefore : undefined,
    stops: d.stops.map((s) => ({ time: s.from, lat: s.lat, lng: s.lng, name: i18n.t('history:export.stop', { n: s.n }), description: `${fmtTime(s.from, tz)} – ${fmtTime(s.till, tz)}, ${fmtDuration(s.till - s.from)}` })),
    events: d.eventMarks.map((e) => ({ time: e.time, lat: e.lat, lng: e.lng, name: e.text || i18n.t('history:events.eventType', { type: e.type }) })),
    words: { track: i18n.t('history:export.track'), stops: i18n.t('history:export.stops'), stop: i18n.t('history:export.stopWord'), events: i18n.t('history:export.events'), event: i18n.t('history:export.event') },
  };
  const parts = kind === 'gpx' ? buildGpx(input) : kind === 'kml' ? buildKml(input) : buildCsv(input);
  download(parts, `${fileStem(name, data.from, data.till, tz)}.${kind}`, TYPES[kind]);
}

/** All sensor charts stacked into one PNG under a title naming the vehicle and interval, each under its name. */
export function exportCharts(canvases: { name: string; canvas: HTMLCanvasElement }[], heading: string, filename: string): void {
  if (canvases.length === 0) return;
  const title = 22;
  const head = 34;
  const out = document.createElement('canvas');
  const measure = out.getContext('2d')!;
  measure.font = 'bold 16px system-ui, sans-serif';
  // As wide as the title too: a narrow chart must not cut the vehicle's name or the interval off.
  const w = Math.max(Math.ceil(measure.measureText(heading).width) + 16, ...canvases.map((c) => c.canvas.width));
  const h = head + canvases.reduce((s, c) => s + c.canvas.height + title, 0);
  out.width = w;
  out.height = h;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#1d2430';
  ctx.font = '14px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.font = 'bold 16px system-ui, sans-serif';
  ctx.fillText(heading, 8, head / 2);
  ctx.font = '14px system-ui, sans-serif';
  let y = head;
  for (const c of canvases) {
    ctx.fillText(c.name, 8, y + title / 2);
    y += title;
    ctx.drawImage(c.canvas, 0, y);
    y += c.canvas.height;
  }
  out.toBlob((blob) => blob && download(blob, filename, 'image/png'), 'image/png');
}
