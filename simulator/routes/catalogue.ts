/** The catalogue collections and their field sets (shapes the interface leaves unshown). */
import { z } from 'zod';
import type { Route } from '../http/route';
import type { Sim } from '../sim';
import type { CollectionName } from '../world/generate';
import type { Rec, User } from '../world/types';
import { crud } from './crud';

const int = z.number().int();
const name = z.string().min(1).max(200);
const color = z.string().regex(/^#[0-9A-Fa-f]{6}$/);
const latLng = z.object({ Lat: z.number().min(-90).max(90), Lng: z.number().min(-180).max(180) });
const ALL = ['list', 'get', 'post', 'put', 'delete'] as const;
/** What a group, zone or rule created without a colour or a group gets: no group (0), Leaflet's blue. */
const DEFAULT_COLOR = '#3388FF';
const groupDefaults = { Color: DEFAULT_COLOR };

type LatLng = z.infer<typeof latLng>;
/** A shape's points and a line's width, checked on create and after every update's merge. */
function zoneCheck(r: Record<string, unknown>): string | undefined {
  const n = ((r.Points ?? []) as unknown[]).length;
  if (r.Type === 'Polygon' && n < 3) return 'A polygon needs at least 3 Points';
  if (r.Type === 'Line' && n < 2) return 'A line needs at least 2 Points';
  if (r.Type === 'Line' && !((r.Width as number) > 0)) return 'Width: a line needs a width above 0 metres';
  return undefined;
}

/** A polygon or line sent without Center or Radius: the mean of its points and the farthest point from it. */
function fillZone(r: Record<string, unknown>): string | undefined {
  const pts = (r.Points ?? []) as LatLng[];
  if (r.Type === 'Circle') return r.Center === undefined || r.Radius === undefined ? 'A circle needs Center and Radius' : undefined;
  const shapeError = zoneCheck(r);
  if (shapeError) return shapeError;
  const c = (r.Center ??= { Lat: pts.reduce((a, p) => a + p.Lat, 0) / pts.length, Lng: pts.reduce((a, p) => a + p.Lng, 0) / pts.length }) as LatLng;
  const coslat = Math.cos((c.Lat * Math.PI) / 180);
  r.Radius ??= Math.max(1, Math.round(Math.max(...pts.map((p) => Math.hypot((p.Lat - c.Lat) * 111_320, (p.Lng - c.Lng) * 111_320 * coslat)))));
  return undefined;
}

/** Records of `coll` in the same company whose `field` (an id or a list of ids) names `rec`. */
function referrers(sim: Sim, coll: CollectionName, field: string, rec: Rec): number {
  let n = 0;
  for (const r of sim.store.list(coll, { IsAdmin: true } as User)) {
    const v = r[field];
    if (r.CompanyId === rec.CompanyId && (Array.isArray(v) ? v.includes(rec.Id) : v === rec.Id)) n++;
  }
  return n;
}

/** A delete refused while records point at this one: "Group "Vans" is used by 3 drivers". */
function usedBy(what: string, ...by: [CollectionName, string, string][]) {
  return (sim: Sim, rec: Rec): string | undefined => {
    const uses = by.map(([coll, field, words]) => [referrers(sim, coll, field, rec), words] as const).filter(([n]) => n > 0);
    return uses.length ? `${what} "${String(rec.Name)}" is used by ${uses.map(([n, w]) => `${n} ${w}`).join(' and ')}; move or delete them first` : undefined;
  };
}

/** Object groups are referred to by objects, which live outside the store. */
function objectGroupInUse(sim: Sim, rec: Rec): string | undefined {
  let n = 0;
  for (const o of sim.world.objects.values()) if (o.CompanyId === rec.CompanyId && o.GroupIds.includes(rec.Id)) n++;
  return n ? `Group "${String(rec.Name)}" is used by ${n} objects; move or delete them first` : undefined;
}

export const catalogueRoutes: Route[] = [
  ...crud({ base: '/api/Objects/Groups', coll: 'ObjectGroups', tag: 'Object groups', what: 'object group', ops: [...ALL], fields: { Name: name, Color: color }, defaults: groupDefaults, inUse: objectGroupInUse }),
  ...crud({
    base: '/api/Geozones', coll: 'Geozones', tag: 'Geozones', what: 'geozone', ops: ['list', 'post', 'put', 'delete'],
    fields: {
      GroupId: int, Name: name, Type: z.enum(['Circle', 'Polygon', 'Line']), Color: color, Center: latLng,
      Radius: z.number().positive().describe('metres'), Points: z.array(latLng),
      Width: z.number().min(0).optional().describe('metres: the corridor a Line covers (0 for other shapes)'),
    },
    refs: { GroupId: 'GeozoneGroups' },
    defaults: { GroupId: 0, Color: DEFAULT_COLOR, Points: [], Center: undefined, Radius: undefined, Width: 0 },
    fill: fillZone,
    check: zoneCheck,
  }),
  ...crud({ base: '/api/Geozones/Groups', coll: 'GeozoneGroups', tag: 'Geozones', what: 'geozone group', ops: [...ALL], fields: { Name: name, Color: color }, defaults: groupDefaults, inUse: usedBy('Group', ['Geozones', 'GroupId', 'geozones']) }),
  ...crud({
    base: '/api/Drivers', coll: 'Drivers', tag: 'Drivers', what: 'driver', ops: [...ALL],
    fields: { GroupId: int, Name: name, Phone: z.string(), LicenceNumber: z.string() }, refs: { GroupId: 'DriverGroups' },
    defaults: { GroupId: 0, Phone: '', LicenceNumber: '' },
    inUse: usedBy('Driver', ['DriverKeys', 'DriverId', 'driver keys'], ['DriverShifts', 'DriverIds', 'shifts']),
  }),
  ...crud({ base: '/api/DriverGroups', coll: 'DriverGroups', tag: 'Drivers', what: 'driver group', ops: [...ALL], fields: { Name: name }, inUse: usedBy('Group', ['Drivers', 'GroupId', 'drivers']) }),
  ...crud({
    base: '/api/DriverKeys', coll: 'DriverKeys', tag: 'Drivers', what: 'driver key', ops: [...ALL],
    fields: { GroupId: int, UId: z.string().regex(/^[0-9A-Fa-f]{8,16}$/), DriverId: int, Name: z.string() },
    refs: { GroupId: 'DriverKeyGroups', DriverId: 'Drivers' }, unique: 'UId',
    defaults: { GroupId: 0, DriverId: 0, Name: '' },
  }),
  ...crud({ base: '/api/DriverKeyGroups', coll: 'DriverKeyGroups', tag: 'Drivers', what: 'driver key group', ops: [...ALL], fields: { Name: name }, inUse: usedBy('Group', ['DriverKeys', 'GroupId', 'driver keys']) }),
  ...crud({
    base: '/api/DriverShifts', coll: 'DriverShifts', tag: 'Drivers', what: 'driver shift', ops: [...ALL],
    fields: { Name: name, StartMinute: int.min(0).max(1439).describe('minutes after local midnight'), DurationMinutes: int.min(1).max(1440), DriverIds: z.array(int) },
    refs: { DriverIds: 'Drivers' },
    defaults: { DriverIds: [] },
  }),
  ...crud({
    base: '/api/DriverPenalties', coll: 'DriverPenalties', tag: 'Drivers', what: 'driver penalty', ops: ['list', 'put'],
    fields: { Name: name, EventType: int.describe('event Type bit the penalty applies to'), Points: int.min(0) },
  }),
  ...crud({
    base: '/api/EventSettings', coll: 'EventSettings', tag: 'Event settings', what: 'event setting', ops: [...ALL],
    fields: { GroupId: int, Name: name, EventType: int.min(1).describe('bitmask of event kinds the rule raises'), Enabled: z.boolean(), ObjectIds: z.array(int).describe('empty = all objects') },
    refs: { GroupId: 'EventSettingsGroups' },
    defaults: { GroupId: 0, Enabled: true, ObjectIds: [] },
  }),
  ...crud({ base: '/api/EventSettingsGroups', coll: 'EventSettingsGroups', tag: 'Event settings', what: 'event settings group', ops: [...ALL], fields: { Name: name }, inUse: usedBy('Group', ['EventSettings', 'GroupId', 'event settings']) }),
  ...crud({
    base: '/api/CommandTemplates', coll: 'CommandTemplates', tag: 'Commands', what: 'command template', ops: ['list', 'post', 'put', 'delete'],
    fields: { Name: name, Command: z.string().min(1), Destructive: z.boolean().describe('wipes data or changes the device irreversibly') },
    defaults: { Destructive: false },
  }),
];
