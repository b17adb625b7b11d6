/** Everything the screen shows, derived once per copy of the data (not per frame). */
import type { HistoryData } from '../../../common/methods/history';
import type { FleetObject } from '../../../common/resources';
import { detectFuelJumps, type FuelJump } from './fuel';
import type { EventMark, FuelMark } from './map/markers';
import { buildModel, fixAt, type TrackModel } from './model';
import { isIgnition, sensorViews, type SensorView } from './sensors';
import { figuresFromTrack, type Figures } from './summary';
import { stopsOf, timelineOf, tripsOf, type Stop, type Trip } from './trips';
import { readViolations, type Violation } from './violations';
import type { HistoryViolations } from '../../../common/methods/history';

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

export function derive(data: HistoryData, object: FleetObject | null): Derived {
  const model = buildModel(data.track);
  const stops = stopsOf(data.parkings);
  const trips = tripsOf(model, stops, data.from, data.till);
  const sensors = sensorViews(object?.Sensors, data.sensors);
  const jumps = new Map<number, FuelJump[]>();
  const fuelMarks: FuelMark[] = [];
  // Where the data says nothing about the position, the last stop is as good as it gets.
  const at = (t: number) => fixAt(model, t) ?? (stops[0] ? { lat: stops[0].lat, lng: stops[0].lng } : null);
  for (const s of sensors) {
    if (!s.fuel || s.onOff) continue;
    const js = detectFuelJumps(s.series.time, s.series.value);
    jumps.set(s.id, js);
    for (const j of js) {
      const p = at(j.till);
      if (p) fuelMarks.push({ kind: j.kind, time: j.till, lat: p.lat, lng: p.lng, delta: j.delta, units: s.units });
    }
  }
  const eventMarks: EventMark[] = [];
  for (const e of data.events) {
    const p = at(e.Time);
    if (p) eventMarks.push({ id: e.Id, time: e.Time, lat: p.lat, lng: p.lng, text: e.Text || `Event type ${e.Type}` });
  }
  const { list: violations, faulty } = readViolations(data.violations, model, data.from, data.till);
  const ignition = sensors.find(isIgnition);
  return {
    model,
    stops,
    trips,
    list: timelineOf(trips, stops),
    sensors,
    jumps,
    fuelMarks,
    eventMarks,
    violations,
    faulty,
    figures: figuresFromTrack(model, trips, stops, ignition),
  };
}
