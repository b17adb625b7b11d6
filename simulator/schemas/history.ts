import { z } from 'zod';
import { EventOut } from '../routes/event-list';

const int = z.number().int();
export const TrackPointOut = z.object({
  Lat: z.number(), Lng: z.number(), Alt: z.number(), Time: int, Speed: z.number().describe('km/h'), heading: z.number(), Sat: int,
});
export const ParkingOut = z.object({ From: int, Till: int, Position: z.object({ Lat: z.number(), Lng: z.number(), Alt: z.number() }) });
export const MovementOut = z.object({ From: int, Till: int, Positions: z.array(TrackPointOut) });
export const FileOut = z.object({ ObjectId: int, Time: int, Type: z.string(), Uid: z.string() });
export const SensorHistoryOut = z.object({
  SensorId: int,
  Intervals: z.array(z.object({ From: int, Till: int, Values: z.array(z.object({ Time: int, Value: z.number() })) })),
});
const SpeedViolation = z.object({ Time: int, Speed: z.number().describe('km/h'), MaxSpeed: z.number(), Lat: z.number(), Lng: z.number() });
const GViolation = z.object({ Time: int, Value: z.number().describe('m/s²'), Lat: z.number(), Lng: z.number() });
export const ViolationsOut = z.object({
  SpeedViolations: z.array(SpeedViolation),
  AccelerationViolations: z.array(GViolation),
  BrakingViolations: z.array(GViolation),
  TurningViolations: z.array(GViolation),
  AccelerometerFaulty: z.boolean(),
});
export const HistoryOut = z.object({
  Track: z.object({ Intervals: z.array(z.union([MovementOut, ParkingOut])) }),
  Events: z.array(EventOut),
  Files: z.array(FileOut),
  Sensors: z.array(SensorHistoryOut),
  Violations: ViolationsOut,
});
export const IntervalIn = z.object({ From: int, Till: int });
export const HistoryIn = z.object({ ObjectId: int, From: int, Till: int });
export const ObjectsIntervalIn = z.object({ ObjectIds: z.array(int).optional(), ObjectId: int.optional(), From: int, Till: int });
