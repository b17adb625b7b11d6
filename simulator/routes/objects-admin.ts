/** Object administration: create/update/delete, owner, payment, icons, counters. */
import { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { empty, json, type Route } from '../http/route';
import { ObjectOut } from '../schemas/core';
import type { Sim } from '../sim';
import { DEVICE_MODELS, OBJECT_ICONS, TREND_ICONS } from '../world/catalogues';
import { isoLocal } from '../world/generate';
import type { ObjectRec } from '../world/types';
import { counters, driven } from './counters';
import { intParam, numParam } from './params';
import { pngFor } from '../util/png';

const int = z.number().int();
const imei = z.string().regex(/^\d{15}$/, 'IMEI must be 15 digits');
const editable = {
  Name: z.string().min(1).max(200),
  IMEI: imei,
  DeviceType: z.string(),
  StateNumber: z.string(),
  Phone: z.string(),
  Phone1: z.string(),
  Comment: z.string(),
  Flags: int,
  IconId: int,
  TrackColor: z.string().regex(/^#[0-9A-Fa-f]{6}$/),
  Status: z.union([z.literal(0), z.literal(1), z.literal(10), z.literal(11), z.literal(15)]),
  Timeout: int.min(1),
  MaxSpeed: int.min(1),
  TimeZone: z.string(),
  GroupIds: z.array(int),
};
const ObjectCreate = z.object(editable).partial().extend({ Name: editable.Name, IMEI: imei, CompanyId: int.optional() });
const ObjectUpdate = z.object(editable).partial().extend({ Id: int });
const CountersOut = z.object({ ObjectId: int, Time: int, Odometer: z.number().describe('km'), EngineHours: z.number().describe('hours') });

function imeiTaken(sim: Sim, value: string, except = 0): boolean {
  for (const o of sim.world.objects.values()) if (o.IMEI === value && o.Id !== except) return true;
  return false;
}

function checkGroups(sim: Sim, o: Pick<ObjectRec, 'CompanyId' | 'GroupIds'>): void {
  for (const g of o.GroupIds) {
    const r = sim.store.peek('ObjectGroups', g);
    if (!r || r.CompanyId !== o.CompanyId) throw badRequest(`GroupIds: group ${g} does not exist`);
  }
}

function removeObject(sim: Sim, id: number): void {
  sim.world.objects.delete(id);
}

export const objectAdminRoutes: Route[] = [
  {
    method: 'POST', path: '/api/Objects', tag: 'Objects', write: true, summary: 'Create an object (no device data until it reports: Time 0)',
    body: ObjectCreate, response: ObjectOut, errors: [400, 409],
    handler({ sim, user, body }) {
      const b = body as z.infer<typeof ObjectCreate>;
      const companyId = user.IsAdmin && b.CompanyId !== undefined ? b.CompanyId : user.CompanyId;
      const company = sim.world.companies.find((c) => c.Id === companyId);
      if (!company) throw badRequest(`CompanyId ${companyId} does not exist`);
      if (imeiTaken(sim, b.IMEI)) throw conflict(`IMEI ${b.IMEI} is already in use`);
      const id = Math.max(0, ...sim.world.objects.keys(), sim.world.motion.length - 1) + 1;
      const rec: ObjectRec = {
        Id: id, CompanyId: companyId, CompanyName: company.Name, ClusterId: 1 + (companyId % 2), Name: b.Name, IMEI: b.IMEI,
        DeviceType: b.DeviceType ?? DEVICE_MODELS[0].Name, StateNumber: b.StateNumber ?? '', Phone: b.Phone ?? '', Phone1: b.Phone1 ?? '',
        Comment: b.Comment ?? '', Flags: b.Flags ?? 0, IconId: b.IconId ?? 1, TrackColor: b.TrackColor ?? '#1F77B4', Status: b.Status ?? 15,
        Timeout: b.Timeout ?? 600, MaxSpeed: b.MaxSpeed ?? 90, TimeZone: b.TimeZone ?? company.TimeZone, CreateDate: isoLocal(sim.now()),
        GroupIds: b.GroupIds ?? [], Sensors: [], PayedTill: sim.now() + 365 * 86_400_000,
      };
      checkGroups(sim, rec);
      const template = sim.world.motion[1]!;
      sim.world.motion[id] = { ...template, dense: false, neverReported: true, offlineSince: Infinity };
      sim.world.objects.set(id, rec);
      return json(rec);
    },
  },
  {
    method: 'PUT', path: '/api/Objects', tag: 'Objects', write: true, summary: 'Update an object by the Id in the body (fields not given are kept)',
    body: ObjectUpdate, response: ObjectOut, errors: [400, 404, 409],
    handler({ sim, user, body }) {
      const b = body as z.infer<typeof ObjectUpdate>;
      const cur = sim.object(user, b.Id);
      if (b.IMEI !== undefined && imeiTaken(sim, b.IMEI, cur.Id)) throw conflict(`IMEI ${b.IMEI} is already in use`);
      const next = { ...cur, ...b };
      checkGroups(sim, next);
      sim.world.objects.set(cur.Id, next);
      return json(next);
    },
  },
  {
    method: 'DELETE', path: '/api/Objects/{id}', tag: 'Objects', write: true, summary: 'Delete an object', response: 'empty', errors: [400, 404],
    handler(ctx) {
      removeObject(ctx.sim, ctx.sim.object(ctx.user, intParam(ctx, 'id')).Id);
      return empty();
    },
  },
  {
    method: 'DELETE', path: '/api/Objects/delete', tag: 'Objects', write: true, summary: 'Delete several objects by a JSON array of ids (all or none)',
    body: z.array(int).min(1), response: 'empty', errors: [400, 404],
    handler({ sim, user, body }) {
      const objs = (body as number[]).map((id) => sim.object(user, id));
      for (const o of objs) removeObject(sim, o.Id);
      return empty();
    },
  },
  {
    method: 'GET', path: '/api/Objects/imei/{imei}/available', tag: 'Objects', summary: 'Whether an IMEI can be used for a new object',
    response: z.object({ IMEI: z.string(), Available: z.boolean() }), errors: [400],
    handler({ sim, params }) {
      const v = params.imei ?? '';
      if (!/^\d{15}$/.test(v)) throw badRequest('IMEI must be 15 digits');
      return json({ IMEI: v, Available: !imeiTaken(sim, v) });
    },
  },
  {
    method: 'GET', path: '/api/Objects/company/{companyId}', tag: 'Objects', summary: 'Objects of a company (own company, or any for administrators)',
    response: z.array(ObjectOut), errors: [400, 403, 404],
    handler(ctx) {
      const cid = intParam(ctx, 'companyId');
      if (!ctx.sim.world.companies.some((c) => c.Id === cid)) throw notFound(`Company ${cid} not found`);
      if (!ctx.sim.canSee(ctx.user, cid)) throw forbidden('Objects of another company');
      return json([...ctx.sim.world.objects.values()].filter((o) => o.CompanyId === cid));
    },
  },
  {
    method: 'GET', path: '/api/Objects/models', tag: 'Objects', summary: 'Supported device models',
    response: z.array(z.object({ Id: int, Name: z.string(), Manufacturer: z.string(), Protocol: z.string() })),
    handler: () => json(DEVICE_MODELS),
  },
  {
    method: 'GET', path: '/api/Objects/Icons', tag: 'Objects', summary: 'Object icon catalogue',
    response: z.array(z.object({ Id: int, Name: z.string(), Kind: z.string() })), handler: () => json(OBJECT_ICONS),
  },
  {
    method: 'GET', path: '/api/Objects/TrendIcons', tag: 'Objects', summary: 'Sensor (trend) icon catalogue',
    response: z.array(z.object({ Id: int, Name: z.string(), Kind: z.string() })), handler: () => json(TREND_ICONS),
  },
  {
    method: 'POST', path: '/api/Objects/geticons', tag: 'Objects', summary: 'Icon images (base64 PNG) for a JSON array of icon ids; unknown ids are skipped',
    body: z.array(int), response: z.array(z.object({ Id: int, Name: z.string(), Kind: z.string(), Image: z.string() })), errors: [400],
    handler({ body }) {
      const want = new Set(body as number[]);
      return json([...OBJECT_ICONS, ...TREND_ICONS].filter((i) => want.has(i.Id)).map((i) => ({ ...i, Image: pngFor(i.Id, 24, 24).toString('base64') })));
    },
  },
  {
    method: 'POST', path: '/api/Objects/seticon/{iconId}', tag: 'Objects', write: true, summary: 'Assign an icon to a JSON array of object ids',
    body: z.array(int).min(1), response: 'empty', errors: [400, 404],
    handler(ctx) {
      const iconId = intParam(ctx, 'iconId');
      if (!OBJECT_ICONS.some((i) => i.Id === iconId)) throw notFound(`Icon ${iconId} not found`);
      const objs = (ctx.body as number[]).map((id) => ctx.sim.object(ctx.user, id));
      for (const o of objs) ctx.sim.world.objects.set(o.Id, { ...o, IconId: iconId });
      return empty();
    },
  },
  {
    method: 'GET', path: '/api/Objects/odometer/{objectId}', tag: 'Objects', summary: 'Current odometer (km) and engine hours',
    response: CountersOut, errors: [400, 404],
    handler(ctx) {
      const o = ctx.sim.object(ctx.user, intParam(ctx, 'objectId'));
      const now = ctx.sim.now();
      return json({ ObjectId: o.Id, Time: now, ...counters(ctx.sim, o.Id, now) });
    },
  },
  {
    method: 'PUT', path: '/api/Objects/SyncOdometer/{id}/{value}', tag: 'Objects', write: true, summary: 'Set the odometer to the dashboard reading (km)',
    response: CountersOut, errors: [400, 404],
    handler(ctx) {
      const o = ctx.sim.object(ctx.user, intParam(ctx, 'id'));
      const v = numParam(ctx, 'value');
      if (v < 0) throw badRequest('The odometer cannot be negative');
      const now = ctx.sim.now();
      ctx.sim.store.odometerOffsetKm.set(o.Id, v - driven(ctx.sim, o.Id, now).Odometer);
      return json({ ObjectId: o.Id, Time: now, ...counters(ctx.sim, o.Id, now) });
    },
  },
  {
    method: 'PUT', path: '/api/Objects/SyncEngineTime/{id}/{value}', tag: 'Objects', write: true, summary: 'Set the engine hours counter to the dashboard reading (hours)',
    response: CountersOut, errors: [400, 404],
    handler(ctx) {
      const o = ctx.sim.object(ctx.user, intParam(ctx, 'id'));
      const v = numParam(ctx, 'value');
      if (v < 0) throw badRequest('Engine hours cannot be negative');
      const now = ctx.sim.now();
      ctx.sim.store.engineOffsetH.set(o.Id, v - driven(ctx.sim, o.Id, now).EngineHours);
      return json({ ObjectId: o.Id, Time: now, ...counters(ctx.sim, o.Id, now) });
    },
  },
  {
    method: 'POST', path: '/api/Objects/setowner', tag: 'Objects', write: true, admin: true,
    summary: 'Transfer objects to another company (administrators); their group memberships are cleared',
    body: z.object({ ObjectIds: z.array(int).min(1), CompanyId: int }), response: 'empty', errors: [400, 404],
    handler({ sim, user, body }) {
      const b = body as { ObjectIds: number[]; CompanyId: number };
      const company = sim.world.companies.find((c) => c.Id === b.CompanyId);
      if (!company) throw badRequest(`CompanyId ${b.CompanyId} does not exist`);
      const objs = b.ObjectIds.map((id) => sim.object(user, id));
      for (const o of objs) sim.world.objects.set(o.Id, { ...o, CompanyId: company.Id, CompanyName: company.Name, GroupIds: [] });
      return empty();
    },
  },
  {
    method: 'POST', path: '/api/Objects/payedtill', tag: 'Objects', write: true, admin: true,
    summary: 'Set the paid-until date (Unix ms) of objects (administrators)',
    body: z.object({ ObjectIds: z.array(int).min(1), PayedTill: int }), response: 'empty', errors: [400, 404],
    handler({ sim, user, body }) {
      const b = body as { ObjectIds: number[]; PayedTill: number };
      const objs = b.ObjectIds.map((id) => sim.object(user, id));
      for (const o of objs) sim.world.objects.set(o.Id, { ...o, PayedTill: b.PayedTill });
      return empty();
    },
  },
];
