/** Everything the screen shows, derived once per copy of the data (not per frame). */
import type { HistoryData } from '../../../../common/methods/history';
import type { FleetObject } from '../../../../common/resources';
import { detectFuelJumps, type FuelJump } from './fuel';
import type { EventMark, FuelMark } from '../map/marks';
import { buildModel, fixAt, type TrackModel } from './track-model';
import { isIgnition, sensorViews, type SensorView } from './sensors';
import { figuresFromTrack, type Figures } from './summary';
import { stopsOf, timelineOf, tripsOf, type Stop, type Trip } from './trips';
import { readViolations, type Violation } from './violations';
import type { HistoryViolations } from '../../../../common/methods/history';

export interface Derived {
  model: TrackModel;
  stops: Stop[];
  trips: Trip[];
  list: (Trip | Stop)[];
  sensors: SensorView[];
  jumps: Map<number, FuelJump[]>;
  fuelMarks: FuelMark[];
  eventMarks: EventMark[];
  violations: Violation[];
  faulty: HistoryViolations[];
  figures: Figures;
}

/** What depends on the data alone: the costly part (a model of millions of points). */
export type TrackDerived = Omit<Derived, 'sensors' | 'jumps' | 'fuelMarks' | 'figures'>;

/** `prev`: what an earlier copy of the same interval gave (its model's shared start is reused). */
export function deriveTrack(data: HistoryData, prev?: TrackDerived | null): TrackDerived {
  const model = buildModel(data.track, undefined, prev?.model);
  const stops = stopsOf(data.parkings);
  const trips = tripsOf(model, stops, data.from, data.till);
  const eventMarks: EventMark[] = [];
  for (const e of data.events) {
    const p = positionAt(model, stops, e.Time);
    if (p) eventMarks.push({ id: e.Id, time: e.Time, lat: p.lat, lng: p.lng, text: e.Text ?? '', type: e.Type });
  }
  const { list: violations, faulty } = readViolations(data.violations, model, data.from, data.till);
  return { model, stops, trips, list: timelineOf(trips, stops), eventMarks, violations, faulty };
}

/**
 * The rest, which needs the object's sensors (names, units, calibration): apart so that the
 * object's record arriving after the track (the fleet list, then objects/details) does not
 * rebuild the model each time.
 */
export function withSensors(t: TrackDerived, data: HistoryData, object: FleetObject | null): Derived {
  const sensors = sensorViews(object?.Sensors, data.sensors);
  const ignition = sensors.find(isIgnition);
  const jumps = new Map<number, FuelJump[]>();
  const fuelMarks: FuelMark[] = [];
  // What the vehicle drove and whether its engine ran tell consumption from a drain.
  const track = { time: t.model.cols.time.subarray(0, t.model.n), cum: t.model.cum.subarray(0, t.model.n) };
  for (const s of sensors) {
    if (!s.fuel || s.onOff) continue;
    const js = detectFuelJumps(s.series.time, s.series.value, { track, ignition: ignition?.series });
    jumps.set(s.id, js);
    for (const j of js) {
      const p = positionAt(t.model, t.stops, j.till);
      if (p) fuelMarks.push({ kind: j.kind, time: j.till, lat: p.lat, lng: p.lng, delta: j.delta, units: s.units });
    }
  }
  return { ...t, sensors, jumps, fuelMarks, figures: figuresFromTrack(t.model, t.trips, t.stops, ignition, [data.from, data.till]) };
}

/** Where the data says nothing about the position, the last stop is as good as it gets. */
function positionAt(model: TrackModel, stops: Stop[], t: number): { lat: number; lng: number } | null {
  return fixAt(model, t) ?? (stops[0] ? { lat: stops[0].lat, lng: stops[0].lng } : null);
}
