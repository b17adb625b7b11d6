/** Shapes the simulator owns. Public records are PascalCase JSON; `Motion` is internal only. */

export interface SensorRec {
  Id: number;
  Name: string;
  Source: string;
  Units: string;
  DataType: number;
  OnText: string;
  OffText: string;
  CalibrationTable: { X: number; Y: number }[];
}

export interface ObjectRec {
  Id: number;
  CompanyId: number;
  CompanyName: string;
  ClusterId: number;
  Name: string;
  IMEI: string;
  DeviceType: string;
  StateNumber: string;
  Phone: string;
  Phone1: string;
  Comment: string;
  Flags: number;
  IconId: number;
  TrackColor: string;
  Status: number;
  Timeout: number;
  MaxSpeed: number;
  TimeZone: string;
  CreateDate: string;
  GroupIds: number[];
  Sensors: SensorRec[];
  PayedTill: number;
}

/** Sensor kinds by the last digit of Sensor.Id (Sensor.Id = ObjectId * 10 + kind). */
export const SensorKind = { ignition: 1, fuel: 2, temperature: 3, voltage: 4, door: 5 } as const;

export interface Motion {
  /** Depot the vehicle parks at overnight (metres offset of its own bay from the depot centre). */
  depotId: number;
  homeLat: number;
  homeLng: number;
  alt: number;
  tzOffsetMs: number;
  cityIndex: number;
  /** 24/7 vehicle: always moving, for dense 1 Hz history. */
  dense: boolean;
  /** No device data at all (Time 0). */
  neverReported: boolean;
  /** Device stopped reporting at this time (ms); Infinity when it still reports. */
  offlineSince: number;
  /** First day (local day index) with data. */
  firstDay: number;
  avgSpeedKmh: number;
  dailyKmMin: number;
  dailyKmMax: number;
  /** Bit d set: does not drive on weekday d (0 = Thursday, the weekday of day 0). */
  restMask: number;
  tankL: number;
  litresPerKm: number;
  camera: boolean;
  /** Odometer (km) at the start of `firstDay`. */
  odometerBaseKm: number;
}

export interface Company {
  Id: number;
  Name: string;
  Country: string;
  TimeZone: string;
  Email: string;
  Phone: string;
  Active: boolean;
}

export interface User {
  Id: number;
  Login: string;
  Name: string;
  CompanyId: number;
  IsAdmin: boolean;
  Email: string;
  MutedGroupIds: number[];
  /** May read the catalogues but not change them: their writes answer 403 (absent = may write). */
  ReadOnly?: boolean;
}

export interface LatLng {
  Lat: number;
  Lng: number;
}

export interface GeozoneRec {
  Id: number;
  CompanyId: number;
  GroupId: number;
  Name: string;
  Type: 'Circle' | 'Polygon' | 'Line';
  /** Metres: the corridor a Line covers. */
  Width?: number;
  Color: string;
  Center: LatLng;
  Radius: number;
  Points: LatLng[];
}

/** Generic catalogue record: every collection has Id and CompanyId; the rest is per collection. */
export interface Rec {
  Id: number;
  CompanyId: number;
  [k: string]: unknown;
}
