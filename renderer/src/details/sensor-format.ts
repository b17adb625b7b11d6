/** A sensor reading the way an operator reads it: "Open", "412 l", "24.1 V". */
import type { Sensor } from '../../../common/resources';
import { isOnOffSensor } from '../../../common/sensors';
import { calibrate, readCalibration } from '../../../common/calibration';
import { readingNumberText } from '../ui/format';
import { i18n } from '../i18n';

export interface ReadingText {
  text: string;
  /** The raw value, when the shown one is calibrated from it. */
  raw?: string;
}

export function readingText(s: Sensor, value: number | null): ReadingText {
  if (value === null || !Number.isFinite(value)) return { text: i18n.t('details:sensors.noReading') };
  if (isOnOffSensor(s)) return { text: value !== 0 ? s.OnText || i18n.t('details:sensors.on') : s.OffText || i18n.t('details:sensors.off') };
  const units = s.Units ? ` ${s.Units}` : '';
  const table = readCalibration(s.CalibrationTable);
  if (table) return { text: `${readingNumberText(calibrate(table, value))}${units}`, raw: readingNumberText(value) };
  return { text: `${readingNumberText(value)}${units}` };
}
