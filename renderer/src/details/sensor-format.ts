/** A sensor reading the way an operator reads it: "Open", "412.5 l", "24.1 V". */
import type { Sensor } from '../../../common/resources';
import { isOnOffSensor } from '../../../common/sensors';
import { numberText } from '../ui/format';
import { calibrate, calibrationPoints } from './calibration';


function readingNumber(v: number): string {
  const abs = Math.abs(v);
  return numberText(v, abs >= 100 ? 0 : abs >= 10 ? 1 : 2);
}

export interface ReadingText {
  text: string;
  /** The raw value, when the shown one is calibrated from it. */
  raw?: string;
}

export function readingText(s: Sensor, value: number | null): ReadingText {
  if (value === null || !Number.isFinite(value)) return { text: 'no reading' };
  if (isOnOffSensor(s)) return { text: value !== 0 ? s.OnText || 'On' : s.OffText || 'Off' };
  const units = s.Units ? ` ${s.Units}` : '';
  const calibrated = calibrate(calibrationPoints(s.CalibrationTable), value);
  if (calibrated !== null) return { text: `${readingNumber(calibrated)}${units}`, raw: readingNumber(value) };
  return { text: `${readingNumber(value)}${units}` };
}
