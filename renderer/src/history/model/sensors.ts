/** Reading sensor series the way the history screen shows them: value at the cursor, units, on/off words. */
import type { SensorColumns } from '../../../../common/methods/history';
import type { Sensor } from '../../../../common/resources';
import { isOnOffSensor, namesIgnition } from '../../../../common/sensors';
import { calibrateAll, readCalibration } from '../../../../common/calibration';
import { readingNumberText } from '../../ui/format';
import { i18n } from '../../i18n';

export interface SensorView {
  id: number;
  name: string;
  units: string;
  onOff: boolean;
  /** The sensor's own words for on and off, or '' (then ours, `onOffText`). */
  onText: string;
  offText: string;
  fuel: boolean;
  /** Values in the sensor's units (raw readings passed through its calibration table). */
  series: SensorColumns;
  calibrated: boolean;
}


export function isFuel(s: Sensor | undefined): boolean {
  return !!s && (s.DataType === 2 || /fuel|lls/i.test(`${s.Name} ${s.Source ?? ''}`));
}

export function isIgnition(s: SensorView): boolean {
  return s.onOff && namesIgnition(s.name);
}

export function sensorViews(sensors: readonly Sensor[] | undefined, series: readonly SensorColumns[]): SensorView[] {
  const byId = new Map((sensors ?? []).map((s) => [s.Id, s]));
  return series
    .filter((c) => c.time.length > 0)
    .map((c) => {
      const s = byId.get(c.sensorId);
      const cal = isOnOffSensor(s) ? null : readCalibration(s?.CalibrationTable);
      return {
        id: c.sensorId,
        // A sensor the object's record does not list (yet): named by its id.
        name: s?.Name ?? i18n.t('history:sensors.sensorN', { id: c.sensorId }),
        units: s?.Units ?? '',
        onOff: isOnOffSensor(s),
        onText: s?.OnText || '',
        offText: s?.OffText || '',
        fuel: isFuel(s),
        series: cal ? { sensorId: c.sensorId, time: c.time, value: calibrateAll(cal, c.value) } : c,
        calibrated: cal !== null,
      };
    })
    .sort((a, b) => Number(a.onOff) - Number(b.onOff) || a.name.localeCompare(b.name));
}

/** The last reading at or before t (sensors hold their value until the next one), else NaN. */
export function valueAt(c: SensorColumns, t: number): number {
  let lo = 0;
  let hi = c.time.length - 1;
  if (hi < 0 || t < c.time[0]!) return NaN;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (c.time[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return c.value[lo]!;
}

export function sensorText(s: SensorView, v: number): string {
  if (!Number.isFinite(v)) return '—';
  if (s.onOff) return onOffText(s, !!v);
  const r = readingNumberText(v);
  return s.units ? `${r} ${s.units}` : r;
}

/** An on/off input's state in words: the sensor's own, else the console's. */
export function onOffText(s: Pick<SensorView, 'onText' | 'offText'>, on: boolean): string {
  return on ? s.onText || i18n.t('history:sensors.on') : s.offText || i18n.t('history:sensors.off');
}

/** Total time the input was on within [from, till). */
export function onTime(c: SensorColumns, from: number, till: number): number {
  let total = 0;
  for (let i = 0; i < c.time.length; i++) {
    if (!c.value[i]) continue;
    const a = Math.max(from, c.time[i]!);
    const b = Math.min(till, i + 1 < c.time.length ? c.time[i + 1]! : till);
    if (b > a) total += b - a;
  }
  return total;
}
