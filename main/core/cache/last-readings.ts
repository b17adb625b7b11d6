/**
 * The last reading of each sensor in the status copy (status.ts): a sensor id's row in two
 * columns. At 100,000 objects a status carries 485,000 readings; as objects in a map they
 * took 54 MB of the ingest worker's heap, in columns 23 MB.
 */
import type { SensorValue } from '../../../common/resources';
import { GrowingColumns } from './growing-columns';
import { ignitionValue } from './status-rows';
import type { TurnClock, Turns } from './turns';

type Columns = { time: Float64Array; value: Float64Array };
const columns = (n: number): Columns => ({ time: new Float64Array(n), value: new Float64Array(n) });

export class LastReadings {
  private readonly rows = new Map<number, number>();
  private readonly cols = new GrowingColumns<Columns>(columns(1024), columns);

  /** The sensor's row, -1 if it has no reading. */
  row(sensorId: number): number {
    return this.rows.get(sensorId) ?? -1;
  }

  // reserve(0) is the columns themselves; result() would make views at every call.
  timeAt(row: number): number {
    return this.cols.reserve(0).time[row]!;
  }

  valueAt(row: number): number {
    return this.cols.reserve(0).value[row]!;
  }

  /** The sensor's last value, undefined if it has none. */
  value(sensorId: number): number | undefined {
    const r = this.row(sensorId);
    return r < 0 ? undefined : this.valueAt(r);
  }

  set(sensorId: number, time: number, value: number): void {
    let r = this.rows.get(sensorId);
    if (r === undefined) {
      this.cols.reserve(1);
      r = this.cols.n++;
      this.rows.set(sensorId, r);
    }
    const c = this.cols.reserve(0);
    c.time[r] = time;
    c.value[r] = value;
  }
}

/**
 * The sensors whose reading in a poll differs from `readings` (a sensor named twice: the later),
 * given to `readings` once all are read, so that one that throws midway leaves them as they were;
 * in `switched` the objects (`ignitionObject`: sensor → object) whose ignition state changed.
 * Read in turns of `clock` (turns.ts). The pending readings are kept in arrays of numbers: a first
 * poll changes every one, and an object per reading was tens of MB.
 */
export function* changedReadings(
  batches: Iterable<readonly SensorValue[]>,
  readings: LastReadings,
  ignitionObject: ReadonlyMap<number, number>,
  switched: Set<number>,
  clock: TurnClock,
): Turns<number[]> {
  const at = new Map<number, number>();
  const ids: number[] = [];
  const times: number[] = [];
  const values: number[] = [];
  for (const batch of batches) {
    for (const v of batch) {
      const i = at.get(v.SensorId);
      const old = readings.row(v.SensorId);
      if (i !== undefined ? times[i] !== v.Time || values[i] !== v.Value : old < 0 || readings.timeAt(old) !== v.Time || readings.valueAt(old) !== v.Value) {
        if (i === undefined) {
          at.set(v.SensorId, ids.length);
          ids.push(v.SensorId);
          times.push(v.Time);
          values.push(v.Value);
        } else {
          times[i] = v.Time;
          values[i] = v.Value;
        }
        const objectId = ignitionObject.get(v.SensorId);
        if (objectId !== undefined && ignitionValue(old < 0 ? undefined : readings.valueAt(old)) !== ignitionValue(v.Value)) switched.add(objectId);
      }
    }
    if (clock.due()) {
      yield;
      clock.resumed();
    }
  }
  ids.forEach((id, i) => readings.set(id, times[i]!, values[i]!));
  return ids;
}
