import { useTranslation } from 'react-i18next';
import type { HistoryData } from '../../../../common/methods/history';
import type { FleetObject } from '../../../../common/resources';
import type { Derived } from '../model/derive';
import type { ChartCanvases } from './chart-canvases';
import { chartsTitle, exportCharts, exportInterval, fileStem, vehicleName, type ExportKind } from './export-files';
import { validTimeZone } from '../interval';

interface Props {
  data: HistoryData | null;
  d: Derived | null;
  object: FleetObject | null;
  tz: string;
  /** Charts are drawn once the interval is loaded, so their PNG waits for it too. */
  loadDone: boolean;
  charts: ChartCanvases['charts'];
}

/** The interval as GPX, KML or CSV, and the sensor charts as one PNG. */
export function ExportButtons({ data, d, object, tz, loadDone, charts }: Props) {
  const { t } = useTranslation('history');
  const nothingToExport = !data || (data.track.time.length === 0 && data.events.length === 0);
  const vehicle = object ? vehicleName(object.Name, object.StateNumber) : '';
  const doExport = (kind: ExportKind) => data && d && object && exportInterval(kind, vehicle, data, d, tz, validTimeZone(object.TimeZone) ?? tz);
  const doChartPng = () => {
    if (!d || !data || !object) return;
    const list = d.sensors.flatMap((s) => {
      const c = charts.current.get(s.id);
      return c ? [{ name: `${s.name}${s.units ? ` (${s.units})` : ''}`, canvas: c }] : [];
    });
    exportCharts(list, chartsTitle(vehicle, data.from, data.till, tz), `${fileStem(vehicle, data.from, data.till, tz)}_sensors.png`);
  };
  return (
    <div className="history-export" role="group" aria-label={t('export.group')}>
      <span>{t('export.group')}</span>
      <button type="button" disabled={nothingToExport} onClick={() => doExport('gpx')}>GPX</button>
      <button type="button" disabled={nothingToExport} onClick={() => doExport('kml')}>KML</button>
      <button type="button" disabled={nothingToExport} onClick={() => doExport('csv')}>CSV</button>
      <button type="button" disabled={!d?.sensors.length || !loadDone} onClick={doChartPng}>{t('export.charts')}</button>
    </div>
  );
}
