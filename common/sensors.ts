/**
 * Reading a sensor's role from its description. The interface leaves DataType's meaning
 * unshown, so the rules lean on what every server fills in: OnText/OffText mark a discrete
 * input, and the name or input says what it is. Core and renderer share these rules, so
 * the live map's "idle with ignition on" and the history summary agree on which sensor
 * is the ignition.
 */
import type { Sensor } from './resources';

/** DataType 1 is a discrete input on the demo service; OnText/OffText say so on any server. */
export function isOnOffSensor(s: Sensor | undefined): boolean {
  return !!s && (s.DataType === 1 || !!(s.OnText || s.OffText));
}

/**
 * "Ignition", "IGN", "ACC" (the ignition line's name on most trackers), "Engine", and the
 * Russian "зажигание"; whole words for the short ones, or "Signal" would match "ign".
 */
const IGNITION_WORDS = /ignit|\bign\b|\bacc\b|engine|зажиг/i;

/** Whether a sensor's name or input names the ignition line (the caller checks it is on/off). */
export function namesIgnition(text: string): boolean {
  return IGNITION_WORDS.test(text);
}

export function isIgnitionSensor(s: Sensor | undefined): boolean {
  return !!s && isOnOffSensor(s) && namesIgnition(`${s.Name} ${s.Source ?? ''}`);
}

/** The object's ignition sensor: the first one in its list that qualifies. */
export function ignitionSensorOf(sensors: readonly Sensor[] | undefined): Sensor | undefined {
  return sensors?.find(isIgnitionSensor);
}
