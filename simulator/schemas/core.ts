/**
 * Response and request schemas of the detailed endpoints. They validate request bodies and
 * generate the OpenAPI document; the conformance tests validate responses against that
 * document, so a field added here and not in the handler (or the reverse) fails a test.
 */
import { z } from 'zod';

const int = z.number().int();
export const Ms = int.describe('Unix time, ms');

export const SensorOut = z.object({
  Id: int,
  Name: z.string(),
  Source: z.string(),
  Units: z.string(),
  DataType: int.describe('0 analogue number, 1 on/off, 2 calibrated level'),
  OnText: z.string(),
  OffText: z.string(),
  CalibrationTable: z.array(z.object({ X: z.number().describe('raw sensor reading'), Y: z.number().describe('litres') })),
});

export const ObjectOut = z.object({
  Id: int,
  CompanyId: int,
  CompanyName: z.string(),
  ClusterId: int,
  Name: z.string(),
  IMEI: z.string(),
  DeviceType: z.string(),
  StateNumber: z.string(),
  Phone: z.string(),
  Phone1: z.string(),
  Comment: z.string(),
  Flags: int,
  IconId: int,
  TrackColor: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  Status: int.describe('0 blocked, 1 active, 10 broken, 11 on service, 15 not installed, 255 deleted'),
  Timeout: int.describe('seconds without data before the object counts as offline'),
  MaxSpeed: int.describe('km/h'),
  TimeZone: z.string(),
  CreateDate: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
  GroupIds: z.array(int),
  Sensors: z.array(SensorOut),
  PayedTill: Ms,
});

export const LiteObjectOut = ObjectOut.pick({
  Id: true, ClusterId: true, Name: true, Comment: true, IMEI: true, Phone: true, Phone1: true, Flags: true,
  IconId: true, CompanyId: true, DeviceType: true, TrackColor: true, CreateDate: true, Status: true,
});

export const PositionOut = z.object({
  ObjectId: int,
  Online: z.boolean(),
  Lat: z.number(),
  Lng: z.number(),
  Alt: z.number().describe('metres'),
  Time: Ms.describe('0 when the device never reported'),
  Speed: z.number().describe('km/h'),
  heading: z.number().describe('degrees clockwise from north'),
  Sat: int,
  Accuracy: z.number().describe('metres'),
});

export const SensorValueOut = z.object({ SensorId: int, Time: Ms, Value: z.number() });
export const DriverKeyOut = z.object({ ObjectId: int, Time: Ms, UId: z.string() });
export const DailyStatOut = z.object({
  ObjectId: int,
  Day: Ms.describe('local midnight of the object time zone'),
  Length: z.number().describe('km'),
  MoveTime: z.number().describe('s'),
  ParkTime: z.number().describe('s'),
  IdleTime: z.number().describe('s'),
  EngineTime: z.number().describe('s'),
  AvgSpeed: z.number().describe('km/h'),
  MaxSpeed: z.number().describe('km/h'),
  Fuel: z.number().describe('litres consumed'),
});

export const StatusOut = z.object({
  Positions: z.array(PositionOut),
  SensorValues: z.array(SensorValueOut),
  DriverKeys: z.array(DriverKeyOut),
  Stats: z.array(DailyStatOut),
});

export const IconOut = z.object({ Id: int, Name: z.string(), Kind: z.string() });

export const GeozoneOut = z.object({
  Id: int,
  CompanyId: int,
  GroupId: int,
  Name: z.string(),
  Type: z.enum(['Circle', 'Polygon', 'Line']),
  Color: z.string(),
  Center: z.object({ Lat: z.number(), Lng: z.number() }),
  Radius: z.number().describe('metres (circle radius; for a polygon, its circumradius)'),
  Points: z.array(z.object({ Lat: z.number(), Lng: z.number() })),
  Width: z.number().optional().describe('metres: the corridor a Line covers'),
});

export const UserOut = z.object({
  Id: int,
  Login: z.string(),
  Name: z.string(),
  CompanyId: int,
  IsAdmin: z.boolean(),
  Email: z.string(),
  MutedGroupIds: z.array(int).describe('EventSettingsGroups ids excluded from Events/feed'),
  ReadOnly: z.boolean().optional().describe('may read the catalogues but not change them (403)'),
});

export const ProfileOut = z.object({
  Objects: z.array(ObjectOut),
  Geozones: z.array(GeozoneOut),
  ObjectIcons: z.array(IconOut),
  ServerTime: Ms,
  User: UserOut,
});

export const TokenIn = z.record(z.string(), z.unknown()).describe('{"UserName": string, "Password": string}; field names are case-insensitive');
export const TokenOut = z.object({ AccessToken: z.string(), ExpiresIn: int.describe('seconds') });
export const ErrorOut = z.object({ Message: z.string() });
