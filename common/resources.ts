/**
 * Canonical shapes of the fleet service's resources, as the spec documents them
 * (PascalCase, `heading` lower case, times in Unix ms). The API client normalises
 * whatever a deployed server sends into these shapes; the cache stores them; the
 * renderer reads them. Objects are "loose": fields the spec leaves unshown are kept.
 */
import { z } from 'zod';

export { ObjectStatusCode } from './object-status';

export const SensorSchema = z.looseObject({
  Id: z.number(),
  Name: z.string(),
  Source: z.string().optional(),
  Units: z.string().optional(),
  DataType: z.number().optional(),
  OnText: z.string().optional(),
  OffText: z.string().optional(),
  CalibrationTable: z.array(z.unknown()).optional(),
});
export type Sensor = z.infer<typeof SensorSchema>;

export const FleetObjectSchema = z.looseObject({
  Id: z.number(),
  CompanyId: z.number().optional(),
  CompanyName: z.string().optional(),
  ClusterId: z.number().optional(),
  Name: z.string(),
  IMEI: z.string().optional(),
  DeviceType: z.string().optional(),
  StateNumber: z.string().optional(),
  Phone: z.string().optional(),
  IconId: z.number().optional(),
  TrackColor: z.string().optional(),
  Status: z.number().optional(),
  Timeout: z.number().optional(),
  MaxSpeed: z.number().optional(),
  TimeZone: z.string().optional(),
  CreateDate: z.string().optional(),
  GroupIds: z.array(z.number()).optional(),
  Sensors: z.array(SensorSchema).optional(),
});
export type FleetObject = z.infer<typeof FleetObjectSchema>;

export const PositionSchema = z.looseObject({
  ObjectId: z.number(),
  Online: z.boolean(),
  Lat: z.number(),
  Lng: z.number(),
  Alt: z.number().optional(),
  /** Unix ms; 0 when the device never reported. */
  Time: z.number(),
  Speed: z.number().optional(),
  heading: z.number().optional(),
  Sat: z.number().optional(),
  Accuracy: z.number().optional(),
});
export type Position = z.infer<typeof PositionSchema>;

export const SensorValueSchema = z.looseObject({
  SensorId: z.number(),
  Time: z.number(),
  Value: z.number(),
});
export type SensorValue = z.infer<typeof SensorValueSchema>;

export const DriverKeySchema = z.looseObject({
  ObjectId: z.number(),
  Time: z.number(),
  UId: z.string(),
});
export type DriverKey = z.infer<typeof DriverKeySchema>;

export const DailyStatSchema = z.looseObject({
  ObjectId: z.number(),
  Day: z.number(),
  Length: z.number().optional(),
  MoveTime: z.number().optional(),
  ParkTime: z.number().optional(),
  IdleTime: z.number().optional(),
  EngineTime: z.number().optional(),
  AvgSpeed: z.number().optional(),
  MaxSpeed: z.number().optional(),
  Fuel: z.number().optional(),
});
export type DailyStat = z.infer<typeof DailyStatSchema>;

export const ObjectsStatusSchema = z.looseObject({
  Positions: z.array(PositionSchema),
  SensorValues: z.array(SensorValueSchema),
  DriverKeys: z.array(DriverKeySchema),
  Stats: z.array(DailyStatSchema),
});
export type ObjectsStatus = z.infer<typeof ObjectsStatusSchema>;
/** A current state read a batch at a time (the ingest worker's big bodies): each array as the batches it arrives in. */
export interface ObjectsStatusBatches {
  Positions: Iterable<readonly Position[]>;
  SensorValues: Iterable<readonly SensorValue[]>;
  DriverKeys: Iterable<readonly DriverKey[]>;
  Stats: Iterable<readonly DailyStat[]>;
  /**
   * Where the read left out the elements that were as the last read's (main/core/api/status-memo.ts):
   * told once the status copy holds this read (`kept`), and when the copy changes otherwise (`forget`).
   */
  memo?: StatusReadMemo;
}

/** What a status copy tells a read that skipped unchanged elements. */
export interface StatusReadMemo {
  kept(): void;
  forget(): void;
}

export const GeozoneSchema = z.looseObject({ Id: z.number(), Name: z.string().optional() });
export type Geozone = z.infer<typeof GeozoneSchema>;

export const ProfileSchema = z.looseObject({
  Objects: z.array(FleetObjectSchema),
  Geozones: z.array(z.unknown()),
  ObjectIcons: z.array(z.unknown()),
  ServerTime: z.number(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const EventSchema = z.looseObject({
  Id: z.number(),
  ObjectId: z.number(),
  Time: z.number(),
  Type: z.number(),
  Status: z.number().optional(),
  Text: z.string().optional(),
  ResetTime: z.number().optional(),
  NotificationId: z.number().optional(),
});
export type FleetEvent = z.infer<typeof EventSchema>;

export const FileSchema = z.looseObject({
  ObjectId: z.number(),
  Time: z.number(),
  Type: z.string(),
  Uid: z.string(),
});
export type FleetFile = z.infer<typeof FileSchema>;

export const TrackPointSchema = z.looseObject({
  Lat: z.number(),
  Lng: z.number(),
  Alt: z.number().optional(),
  Time: z.number(),
  Speed: z.number().optional(),
  heading: z.number().optional(),
  Sat: z.number().optional(),
});
export type TrackPoint = z.infer<typeof TrackPointSchema>;

/** The spec gives no field that tells the two kinds apart: Positions vs Position does. */
export const ParkingIntervalSchema = z.looseObject({
  From: z.number(),
  Till: z.number(),
  Position: z.looseObject({ Lat: z.number(), Lng: z.number(), Alt: z.number().optional() }),
});
export const MovementIntervalSchema = z.looseObject({
  From: z.number(),
  Till: z.number(),
  Positions: z.array(TrackPointSchema),
});
export type ParkingInterval = z.infer<typeof ParkingIntervalSchema>;
export type MovementInterval = z.infer<typeof MovementIntervalSchema>;

export const SensorHistorySchema = z.looseObject({
  SensorId: z.number(),
  Intervals: z.array(
    z.looseObject({
      From: z.number(),
      Till: z.number(),
      Values: z.array(z.looseObject({ Time: z.number(), Value: z.number() })),
    }),
  ),
});

export const ViolationsSchema = z.looseObject({
  SpeedViolations: z.array(z.unknown()),
  AccelerationViolations: z.array(z.unknown()),
  BrakingViolations: z.array(z.unknown()),
  TurningViolations: z.array(z.unknown()),
  AccelerometerFaulty: z.boolean(),
});

export const HistorySchema = z.looseObject({
  Track: z.looseObject({ Intervals: z.array(z.union([MovementIntervalSchema, ParkingIntervalSchema])) }),
  Events: z.array(EventSchema),
  Files: z.array(FileSchema),
  Sensors: z.array(SensorHistorySchema),
  Violations: ViolationsSchema,
});
export type History = z.infer<typeof HistorySchema>;

export const GeocodeRequestSchema = z.object({ Latitude: z.number(), Longitude: z.number() });
export const GeocodeResultSchema = z.looseObject({
  Address: z.string().nullable().optional(),
  Street: z.string().nullable().optional(),
  Error: z.string().nullable(),
});
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;

export const CommandRequestSchema = z.object({
  ObjectIds: z.array(z.number().int()).min(1),
  TemplateId: z.number().int().optional(),
  Command: z.string().optional(),
});
export type CommandRequest = z.infer<typeof CommandRequestSchema>;
