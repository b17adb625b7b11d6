/**
 * Builds the initial world from the seed: companies, users, objects and their motion
 * profiles, depots, geozones, drivers, keys, shifts, rules and templates.
 */
import { CITIES, zoneOffsetMs } from './places';
import { COLORS, DEVICE_MODELS, FIRST_NAMES, KINDS, LAST_NAMES } from './catalogues';
import type { Company, GeozoneRec, LatLng, Motion, ObjectRec, Rec, SensorRec, User } from './types';
import { Rng, hash, unit } from '../util/rng';

export const DAY_MS = 86_400_000;

export interface Depot {
  Id: number;
  CompanyId: number;
  cityIndex: number;
  lat: number;
  lng: number;
  geozoneId: number;
  siteGeozoneIds: number[];
}

export interface DriverRef {
  DriverId: number;
  Name: string;
  UId: string;
}

export interface WorldOptions {
  seed: number;
  objects: number;
  dense: number;
  startTime: number;
}

export interface World {
  seed: number;
  startTime: number;
  companies: Company[];
  users: (User & { Password: string })[];
  objects: Map<number, ObjectRec>;
  motion: Motion[];
  depots: Depot[];
  /** The geozones routes were planned against (edits through the API do not move vehicles). */
  plannedGeozones: Map<number, GeozoneRec>;
  driversByCompany: Map<number, DriverRef[]>;
  /** EventSettings rule id per company and event kind bit, for NotificationId. */
  rules: Map<number, Map<number, number>>;
  collections: Record<CollectionName, Rec[]>;
}

export type CollectionName =
  | 'ObjectGroups' | 'Geozones' | 'GeozoneGroups' | 'Drivers' | 'DriverGroups' | 'DriverKeys'
  | 'DriverKeyGroups' | 'DriverShifts' | 'DriverPenalties' | 'EventSettings' | 'EventSettingsGroups'
  | 'CommandTemplates' | 'ReportTemplates';

const COMPANIES: { name: string; share: number; cities: number[]; country: string }[] = [
  { name: 'Demo Logistics', share: 0.6, cities: [0, 1, 2, 4], country: 'Germany' },
  { name: 'Acme Transport', share: 0.25, cities: [3, 5], country: 'Poland' },
  { name: 'Northwind Couriers', share: 0.1, cities: [10, 7], country: 'United Kingdom' },
  { name: 'City Transit', share: 0.05, cities: [6, 8, 9, 11], country: 'Spain' },
];

/** Event kind bits (see README): used for rules and events. */
export const EventBit = {
  IgnitionOn: 0x1,
  IgnitionOff: 0x2,
  Speeding: 0x4,
  GeozoneEnter: 0x8,
  GeozoneExit: 0x10,
  HarshBraking: 0x20,
  Refuel: 0x40,
  FuelDrain: 0x80,
  CommandDelivered: 0x100,
  CommandFailed: 0x200,
  ConnectionLost: 0x400,
  Photo: 0x800,
  DoorOpen: 0x1000,
  PowerCut: 0x2000,
  LowBattery: 0x4000,
  Alarm: 0x8000,
  Towing: 0x10000,
} as const;

export function offsetLatLng(lat: number, lng: number, dxM: number, dyM: number): LatLng {
  return { Lat: lat + dyM / 111_320, Lng: lng + dxM / (111_320 * Math.cos((lat * Math.PI) / 180)) };
}

function luhn(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits + String((10 - (sum % 10)) % 10);
}

export function makeImei(seed: number, id: number): string {
  return luhn('35' + String(hash(seed, id, 77) % 1_000_000).padStart(6, '0') + String(id).padStart(6, '0'));
}

export function isoLocal(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/**
 * The fuel probe's calibration: raw 12-bit readings (0..4095) to litres, slightly curved
 * like a real tank. The wire carries raw readings; clients calibrate them with this table.
 */
export function fuelTable(tankL: number): { X: number; Y: number }[] {
  const steps = 8;
  return Array.from({ length: steps + 1 }, (_, i) => ({ X: Math.round((4095 * i) / steps), Y: Math.round(tankL * Math.pow(i / steps, 1.08) * 10) / 10 }));
}

/** The raw reading that the table calibrates to `litres` (piecewise-linear inverse). */
export function rawFuel(table: { X: number; Y: number }[], litres: number): number {
  const first = table[0]!;
  if (litres <= first.Y) return first.X;
  for (let i = 1; i < table.length; i++) {
    const a = table[i - 1]!;
    const b = table[i]!;
    if (litres <= b.Y) return Math.round(a.X + ((litres - a.Y) * (b.X - a.X)) / (b.Y - a.Y || 1));
  }
  return table[table.length - 1]!.X;
}

function sensorsFor(id: number, tankL: number): SensorRec[] {
  const base = id * 10;
  const table = fuelTable(tankL);
  return [
    { Id: base + 1, Name: 'Ignition', Source: 'din1', Units: '', DataType: 1, OnText: 'On', OffText: 'Off', CalibrationTable: [] },
    { Id: base + 2, Name: 'Fuel level', Source: 'lls1', Units: 'l', DataType: 2, OnText: '', OffText: '', CalibrationTable: table },
    { Id: base + 3, Name: 'Temperature', Source: 'temp1', Units: '°C', DataType: 0, OnText: '', OffText: '', CalibrationTable: [] },
    { Id: base + 4, Name: 'Supply voltage', Source: 'pwr_ext', Units: 'V', DataType: 0, OnText: '', OffText: '', CalibrationTable: [] },
    { Id: base + 5, Name: 'Cargo door', Source: 'din2', Units: '', DataType: 1, OnText: 'Open', OffText: 'Closed', CalibrationTable: [] },
  ];
}

function companyOf(seed: number, id: number, companies: number): number {
  if (id === 1 || companies === 1) return 1;
  const u = unit(seed, id, 1);
  let acc = 0;
  for (let i = 0; i < companies; i++) {
    acc += COMPANIES[i]!.share;
    if (u < acc) return i + 1;
  }
  return companies;
}

export function generateWorld(opts: WorldOptions): World {
  const { seed, startTime } = opts;
  const rng = new Rng(hash(seed, 0xc0ffee));
  const nCompanies = opts.objects < 4 ? 1 : COMPANIES.length;
  const companies: Company[] = COMPANIES.slice(0, Math.max(nCompanies, 2)).map((c, i) => ({
    Id: i + 1,
    Name: c.name,
    Country: c.country,
    TimeZone: CITIES[c.cities[0]!]!.tz,
    Email: `office@${c.name.toLowerCase().replace(/[^a-z]/g, '')}.example`,
    Phone: `+49 30 ${String(hash(seed, i, 5) % 10_000_000).padStart(7, '0')}`,
    Active: true,
  }));

  const collections: Record<CollectionName, Rec[]> = {
    ObjectGroups: [], Geozones: [], GeozoneGroups: [], Drivers: [], DriverGroups: [], DriverKeys: [],
    DriverKeyGroups: [], DriverShifts: [], DriverPenalties: [], EventSettings: [], EventSettingsGroups: [],
    CommandTemplates: [], ReportTemplates: [],
  };
  const nextId: Record<string, number> = {};
  const add = <T extends Rec>(c: CollectionName, rec: Omit<T, 'Id'>): T => {
    const id = (nextId[c] = (nextId[c] ?? 0) + 1);
    const full = { Id: id, ...rec } as T;
    collections[c].push(full);
    return full;
  };

  const depots: Depot[] = [];
  const plannedGeozones = new Map<number, GeozoneRec>();
  const driversByCompany = new Map<number, DriverRef[]>();
  const rules = new Map<number, Map<number, number>>();
  const counts = new Map<number, number>();
  for (let id = 1; id <= opts.objects; id++) {
    const c = companyOf(seed, id, nCompanies);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }

  for (const company of companies) {
    const cdef = COMPANIES[company.Id - 1]!;
    const cid = company.Id;
    const zDepots = add('GeozoneGroups', { CompanyId: cid, Name: 'Depots', Color: '#1F77B4' });
    const zSites = add('GeozoneGroups', { CompanyId: cid, Name: 'Customers', Color: '#2CA02C' });
    for (const [i, name] of ['North', 'South', 'Refrigerated', 'Long haul', 'City'].entries()) {
      add('ObjectGroups', { CompanyId: cid, Name: name, Color: COLORS[(cid * 5 + i) % COLORS.length] });
    }
    for (const cityIndex of cdef.cities) {
      const city = CITIES[cityIndex]!;
      const c = offsetLatLng(city.lat, city.lng, rng.range(-4000, 4000), rng.range(-4000, 4000));
      const gz = add<GeozoneRec & Rec>('Geozones', {
        CompanyId: cid, GroupId: zDepots.Id, Name: `${city.name} depot`, Type: 'Circle',
        Color: '#1F77B4', Center: c, Radius: 400, Points: [],
      });
      plannedGeozones.set(gz.Id, gz);
      const sites: number[] = [];
      for (let s = 0; s < 6; s++) {
        const ang = rng.range(0, Math.PI * 2);
        const dist = rng.range(3000, 18000);
        const centre = offsetLatLng(c.Lat, c.Lng, Math.cos(ang) * dist, Math.sin(ang) * dist);
        const r = rng.range(150, 300);
        const points = Array.from({ length: 6 }, (_, k) =>
          offsetLatLng(centre.Lat, centre.Lng, Math.cos((k * Math.PI) / 3) * r, Math.sin((k * Math.PI) / 3) * r));
        const site = add<GeozoneRec & Rec>('Geozones', {
          CompanyId: cid, GroupId: zSites.Id, Name: `${rng.pick(LAST_NAMES)} ${rng.pick(['Warehouse', 'Market', 'Plant', 'Store', 'Yard'])} (${city.name})`,
          Type: 'Polygon', Color: '#2CA02C', Center: centre, Radius: r, Points: points,
        });
        plannedGeozones.set(site.Id, site);
        sites.push(site.Id);
      }
      depots.push({ Id: depots.length + 1, CompanyId: cid, cityIndex, lat: c.Lat, lng: c.Lng, geozoneId: gz.Id, siteGeozoneIds: sites });
    }

    const dg = [add('DriverGroups', { CompanyId: cid, Name: 'Day shift' }), add('DriverGroups', { CompanyId: cid, Name: 'Night shift' })];
    const kg = add('DriverKeyGroups', { CompanyId: cid, Name: 'iButton keys' });
    const nDrivers = Math.min(500, Math.max(3, Math.ceil((counts.get(cid) ?? 0) * 1.1)));
    const refs: DriverRef[] = [];
    for (let i = 0; i < nDrivers; i++) {
      const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
      const uid = hash(seed, cid, i, 9).toString(16).padStart(8, '0').toUpperCase() + hash(seed, cid, i, 10).toString(16).padStart(8, '0').toUpperCase();
      const d = add('Drivers', { CompanyId: cid, GroupId: dg[i % 2]!.Id, Name: name, Phone: `+49 151 ${String(hash(seed, cid, i, 11) % 10_000_000).padStart(7, '0')}`, LicenceNumber: `DL${hash(seed, cid, i, 12) % 1_000_000}` });
      add('DriverKeys', { CompanyId: cid, GroupId: kg.Id, UId: uid, DriverId: d.Id, Name: `Key of ${name}` });
      refs.push({ DriverId: d.Id, Name: name, UId: uid });
    }
    driversByCompany.set(cid, refs);
    add('DriverShifts', { CompanyId: cid, Name: 'Early', StartMinute: 360, DurationMinutes: 480, DriverIds: refs.slice(0, 3).map((r) => r.DriverId) });
    add('DriverShifts', { CompanyId: cid, Name: 'Late', StartMinute: 840, DurationMinutes: 480, DriverIds: refs.slice(3, 6).map((r) => r.DriverId) });

    const groups = {
      engine: add('EventSettingsGroups', { CompanyId: cid, Name: 'Engine' }),
      safety: add('EventSettingsGroups', { CompanyId: cid, Name: 'Safety' }),
      zones: add('EventSettingsGroups', { CompanyId: cid, Name: 'Geozones' }),
      fuel: add('EventSettingsGroups', { CompanyId: cid, Name: 'Fuel' }),
      device: add('EventSettingsGroups', { CompanyId: cid, Name: 'Device' }),
    };
    const ruleMap = new Map<number, number>();
    const rule = (group: Rec, name: string, bits: number[]): void => {
      const r = add('EventSettings', { CompanyId: cid, GroupId: group.Id, Name: name, EventType: bits.reduce((a, b) => a | b, 0), Enabled: true, ObjectIds: [] });
      for (const b of bits) ruleMap.set(b, r.Id);
    };
    rule(groups.engine, 'Ignition on/off', [EventBit.IgnitionOn, EventBit.IgnitionOff]);
    rule(groups.safety, 'Speeding', [EventBit.Speeding]);
    rule(groups.safety, 'Harsh braking', [EventBit.HarshBraking]);
    rule(groups.zones, 'Geozone enter/exit', [EventBit.GeozoneEnter, EventBit.GeozoneExit]);
    rule(groups.fuel, 'Refuels and drains', [EventBit.Refuel, EventBit.FuelDrain]);
    rule(groups.device, 'Photos and door', [EventBit.Photo, EventBit.DoorOpen]);
    rules.set(cid, ruleMap);
    for (const [name, points, bit] of [['Speeding', 3, EventBit.Speeding], ['Harsh braking', 2, EventBit.HarshBraking], ['Fuel drain', 5, EventBit.FuelDrain]] as const) {
      add('DriverPenalties', { CompanyId: cid, Name: name, EventType: bit, Points: points });
    }
    for (const [name, command, destructive] of [
      ['Get position', 'getgps', false], ['Get status', 'getstatus', false], ['Reboot device', 'cpureset', false],
      ['Block engine', 'setdigout 1', false], ['Unblock engine', 'setdigout 0', false], ['Wipe stored records', 'deleterecords', true],
    ] as const) {
      add('CommandTemplates', { CompanyId: cid, Name: name, Command: command, Destructive: destructive });
    }
    add('ReportTemplates', { CompanyId: cid, Name: 'Daily trips', ReportType: 1, Columns: ['Object', 'From', 'Till', 'Length'] });
    add('ReportTemplates', { CompanyId: cid, Name: 'Fuel summary', ReportType: 3, Columns: ['Object', 'StartLevel', 'EndLevel', 'Refuelled', 'Drained'] });
  }

  const engineGroup = (cid: number): number => collections.EventSettingsGroups.find((g) => g.CompanyId === cid && g.Name === 'Engine')!.Id;
  const users: (User & { Password: string })[] = [
    { Id: 1, Login: 'demo', Password: 'demo', Name: 'Demo Dispatcher', CompanyId: 1, IsAdmin: false, Email: 'demo@demologistics.example', MutedGroupIds: [engineGroup(1)] },
    { Id: 2, Login: 'admin', Password: 'admin', Name: 'Administrator', CompanyId: 1, IsAdmin: true, Email: 'admin@demologistics.example', MutedGroupIds: [] },
    { Id: 3, Login: 'acme', Password: 'acme', Name: 'Acme Operator', CompanyId: 2, IsAdmin: false, Email: 'ops@acmetransport.example', MutedGroupIds: [] },
  ];

  const objects = new Map<number, ObjectRec>();
  const motion: Motion[] = [];
  const groupsByCompany = new Map<number, number[]>();
  for (const g of collections.ObjectGroups) groupsByCompany.set(g.CompanyId, [...(groupsByCompany.get(g.CompanyId) ?? []), g.Id]);
  const depotsByCompany = new Map<number, Depot[]>();
  for (const d of depots) depotsByCompany.set(d.CompanyId, [...(depotsByCompany.get(d.CompanyId) ?? []), d]);

  for (let id = 1; id <= opts.objects; id++) {
    const r = new Rng(hash(seed, id, 2));
    const cid = companyOf(seed, id, nCompanies);
    const company = companies[cid - 1]!;
    const depot = r.pick(depotsByCompany.get(cid)!);
    const city = CITIES[depot.cityIndex]!;
    const kind = id === 1 ? KINDS[3] : r.pick(KINDS);
    const bay = offsetLatLng(depot.lat, depot.lng, r.range(-150, 150), r.range(-150, 150));
    const tzOffsetMs = zoneOffsetMs(city.tz, startTime);
    const createdAt = startTime - Math.floor(id <= opts.dense ? 800 : r.range(30, 900)) * DAY_MS - Math.floor(r.range(0, DAY_MS));
    const dense = id <= opts.dense;
    const tank = dense ? 400 : kind.tank;
    const neverReported = !dense && r.chance(0.03);
    const offline = !dense && !neverReported && r.chance(0.06);
    const offlineSince = offline ? startTime - Math.floor(r.range(1800_000, 20 * DAY_MS)) : Infinity;
    let status = 1;
    if (neverReported) status = r.chance(0.7) ? 15 : 0;
    else if (!dense) {
      const u = r.next();
      if (u < 0.02) status = 0;
      else if (u < 0.04) status = 10;
      else if (u < 0.06) status = 11;
    }
    const groupIds = groupsByCompany.get(cid) ?? [];
    const gids = [r.pick(groupIds)];
    if (r.chance(0.3)) {
      const g2 = r.pick(groupIds);
      if (!gids.includes(g2)) gids.push(g2);
    }
    const model = r.pick(DEVICE_MODELS);
    const letters = 'ABCDEFGHJKLMNPRSTUVWXZ';
    const plate = `${r.pick(['B', 'HH', 'M', 'WA', 'PR', 'W', 'L'])}-${letters[r.int(0, 21)]}${letters[r.int(0, 21)]} ${r.int(100, 9999)}`;
    objects.set(id, {
      Id: id,
      CompanyId: cid,
      CompanyName: company.Name,
      ClusterId: 1 + (cid % 2),
      Name: `${dense ? 'Shuttle' : kind.name} ${String(id).padStart(4, '0')}`,
      IMEI: makeImei(seed, id),
      DeviceType: model.Name,
      StateNumber: plate,
      Phone: `+49 170 ${String(hash(seed, id, 3) % 10_000_000).padStart(7, '0')}`,
      Phone1: '',
      Comment: r.chance(0.2) ? 'Spare key in office' : '',
      Flags: 0,
      IconId: kind.icon,
      TrackColor: r.pick(COLORS),
      Status: status,
      Timeout: 600,
      MaxSpeed: kind.maxSpeed,
      TimeZone: city.tz,
      CreateDate: isoLocal(createdAt),
      GroupIds: gids,
      Sensors: sensorsFor(id, tank),
      PayedTill: startTime + Math.floor(r.range(10, 400)) * DAY_MS,
    });
    motion[id] = {
      depotId: depot.Id,
      homeLat: bay.Lat,
      homeLng: bay.Lng,
      alt: city.alt,
      tzOffsetMs,
      cityIndex: depot.cityIndex,
      dense,
      neverReported,
      offlineSince,
      firstDay: Math.floor((createdAt + tzOffsetMs) / DAY_MS) + 1,
      avgSpeedKmh: kind.speed * r.range(0.85, 1.2),
      dailyKmMin: dense ? 650 : kind.kmMin,
      dailyKmMax: dense ? 750 : kind.kmMax,
      restMask: r.chance(0.7) ? 0b0000100 : r.chance(0.5) ? 0b0000110 : 0,
      tankL: tank,
      litresPerKm: dense ? 0.25 : kind.lpk * r.range(0.9, 1.15),
      camera: r.chance(0.25) || id === 1,
      odometerBaseKm: Math.round(r.range(5_000, 250_000)),
    };
  }
  return { seed, startTime, companies, users, objects, motion, depots, plannedGeozones, driversByCompany, rules, collections };
}
