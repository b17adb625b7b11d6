import { z } from 'zod';
import { notFound } from '../http/errors';
import { json, type Route } from '../http/route';
import { LiteObjectOut, ObjectOut, ProfileOut } from '../schemas/core';
import { OBJECT_ICONS } from '../world/catalogues';
import type { ObjectRec } from '../world/types';
import { keptList } from './kept-list';
import { intParam } from './params';

export function lite(o: ObjectRec): z.infer<typeof LiteObjectOut> {
  const { Id, ClusterId, Name, Comment, IMEI, Phone, Phone1, Flags, IconId, CompanyId, DeviceType, TrackColor, CreateDate, Status } = o;
  return { Id, ClusterId, Name, Comment, IMEI, Phone, Phone1, Flags, IconId, CompanyId, DeviceType, TrackColor, CreateDate, Status };
}

export const objectReadRoutes: Route[] = [
  {
    method: 'GET', path: '/api/Profile', tag: 'Objects', summary: 'Summary profile: objects with sensors, geozones, icons, server time',
    response: ProfileOut,
    handler({ sim, user }) {
      return json({
        Objects: sim.visibleObjects(user),
        Geozones: sim.store.list('Geozones', user),
        ObjectIcons: OBJECT_ICONS,
        ServerTime: sim.now(),
        User: user,
      });
    },
  },
  {
    method: 'GET', path: '/api/Objects', tag: 'Objects', summary: 'The user\'s objects with sensors',
    response: z.array(ObjectOut),
    handler: ({ sim, user }) => keptList(sim, user, 'full', (recs) => recs),
  },
  {
    method: 'GET', path: '/api/Objects/{id}', tag: 'Objects', summary: 'One object with all fields',
    response: ObjectOut, errors: [400, 404],
    handler: (ctx) => json(ctx.sim.object(ctx.user, intParam(ctx, 'id'))),
  },
  {
    method: 'GET', path: '/api/Objects/lite', tag: 'Objects', summary: 'Objects in the reduced field set',
    response: z.array(LiteObjectOut),
    handler: ({ sim, user }) => keptList(sim, user, 'lite', (recs) => recs.map(lite)),
  },
  {
    method: 'GET', path: '/api/Objects/lite/{id}', tag: 'Objects', summary: 'One object in the reduced field set',
    response: LiteObjectOut, errors: [400, 404],
    handler: (ctx) => json(lite(ctx.sim.object(ctx.user, intParam(ctx, 'id')))),
  },
  {
    method: 'GET', path: '/api/Objects/byimei/{imei}', tag: 'Objects', summary: 'One object by device IMEI',
    response: ObjectOut, errors: [404],
    handler({ sim, user, params }) {
      const o = sim.visibleObjects(user).find((x) => x.IMEI === params.imei);
      if (!o) throw notFound(`No object with IMEI ${params.imei}`);
      return json(o);
    },
  },
  {
    method: 'GET', path: '/api/Objects/byname/{name}', tag: 'Objects', summary: 'One object by exact name (case-insensitive)',
    response: ObjectOut, errors: [404],
    handler({ sim, user, params }) {
      const name = (params.name ?? '').toLowerCase();
      const o = sim.visibleObjects(user).find((x) => x.Name.toLowerCase() === name);
      if (!o) throw notFound(`No object named ${params.name}`);
      return json(o);
    },
  },
];
