/** Users and companies: administrators only (403 for everyone else). */
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../http/errors';
import { empty, json, type Route } from '../http/route';
import { UserOut } from '../schemas/core';
import type { Sim } from '../sim';
import type { User } from '../world/types';
import { intParam } from './params';
import { onlineAt } from './status';

const int = z.number().int();
const userFields = {
  Login: z.string().min(1).max(100),
  Name: z.string().min(1),
  CompanyId: int,
  IsAdmin: z.boolean(),
  Email: z.string(),
  MutedGroupIds: z.array(int),
  ReadOnly: z.boolean(),
};
const UserCreate = z.object({ ...userFields, Password: z.string().min(1) }).partial({ IsAdmin: true, Email: true, MutedGroupIds: true, Name: true, CompanyId: true, ReadOnly: true });
const UserUpdate = z.object({ ...userFields, Password: z.string().min(1) }).partial().extend({ Id: int });
const companyFields = { Name: z.string().min(1), Country: z.string(), TimeZone: z.string(), Email: z.string(), Phone: z.string(), Active: z.boolean() };
const CompanyOut = z.object({ Id: int, ...companyFields });
const CompanyCreate = z.object(companyFields).partial().extend({ Name: companyFields.Name });
const CompanyUpdate = z.object(companyFields).partial().extend({ Id: int });

const pub = (u: User & { Password?: string }): User => {
  const { Password: _p, ...rest } = u;
  return rest;
};

function userRec(sim: Sim, id: number): (User & { Password: string }) {
  const u = sim.world.users.find((x) => x.Id === id);
  if (!u) throw notFound(`User ${id} not found`);
  return u;
}

function checkCompany(sim: Sim, id: number): void {
  if (!sim.world.companies.some((c) => c.Id === id)) throw badRequest(`CompanyId ${id} does not exist`);
}

export const adminRoutes: Route[] = [
  { method: 'GET', path: '/api/Users', tag: 'Users', admin: true, summary: 'All users', response: z.array(UserOut), handler: ({ sim }) => json(sim.world.users.map(pub)) },
  {
    method: 'GET', path: '/api/Users/{id}', tag: 'Users', admin: true, summary: 'One user', response: UserOut, errors: [400, 404],
    handler: (ctx) => json(pub(userRec(ctx.sim, intParam(ctx, 'id')))),
  },
  {
    method: 'POST', path: '/api/Users', tag: 'Users', admin: true, write: true, summary: 'Create a user (Password is write-only; the user can sign in at once; CompanyId defaults to the caller\'s)',
    body: UserCreate, response: UserOut, errors: [400, 409],
    handler({ sim, user, body }) {
      const given = body as z.infer<typeof UserCreate>;
      const b = { ...given, CompanyId: given.CompanyId ?? user.CompanyId };
      checkCompany(sim, b.CompanyId);
      if (sim.world.users.some((u) => u.Login.toLowerCase() === b.Login.toLowerCase())) throw conflict(`Login ${b.Login} is already taken`);
      const u = { Id: Math.max(...sim.world.users.map((x) => x.Id)) + 1, Name: b.Login, IsAdmin: false, Email: '', MutedGroupIds: [], ...b };
      sim.world.users.push(u);
      return json(pub(u));
    },
  },
  {
    method: 'PUT', path: '/api/Users', tag: 'Users', admin: true, write: true, summary: 'Update a user by the Id in the body',
    body: UserUpdate, response: UserOut, errors: [400, 404, 409],
    handler({ sim, body }) {
      const b = body as z.infer<typeof UserUpdate>;
      const u = userRec(sim, b.Id);
      if (b.CompanyId !== undefined) checkCompany(sim, b.CompanyId);
      if (b.Login && sim.world.users.some((x) => x.Id !== u.Id && x.Login.toLowerCase() === b.Login!.toLowerCase())) throw conflict(`Login ${b.Login} is already taken`);
      Object.assign(u, b);
      return json(pub(u));
    },
  },
  {
    method: 'DELETE', path: '/api/Users/{id}', tag: 'Users', admin: true, write: true, summary: 'Delete a user (tokens already issued stop working)', response: 'empty', errors: [400, 404],
    handler(ctx) {
      const u = userRec(ctx.sim, intParam(ctx, 'id'));
      ctx.sim.world.users.splice(ctx.sim.world.users.indexOf(u), 1);
      return empty();
    },
  },
  { method: 'GET', path: '/api/Companies', tag: 'Companies', admin: true, summary: 'All companies', response: z.array(CompanyOut), handler: ({ sim }) => json(sim.world.companies) },
  {
    method: 'GET', path: '/api/Companies/statistics', tag: 'Companies', admin: true, summary: 'Objects, online/offline and users per company',
    response: z.array(z.object({ CompanyId: int, Name: z.string(), Objects: int, Online: int, Offline: int, NeverReported: int, Users: int })),
    handler({ sim }) {
      const now = sim.now();
      return json(sim.world.companies.map((c) => {
        let objects = 0, online = 0, never = 0;
        for (const o of sim.world.objects.values()) {
          if (o.CompanyId !== c.Id) continue;
          objects++;
          const t = sim.tracker.lastFixTime(o.Id, now);
          if (t === undefined) never++;
          else if (onlineAt(o, t, now)) online++;
        }
        return { CompanyId: c.Id, Name: c.Name, Objects: objects, Online: online, Offline: objects - online - never, NeverReported: never, Users: sim.world.users.filter((u) => u.CompanyId === c.Id).length };
      }));
    },
  },
  {
    method: 'GET', path: '/api/Companies/{id}', tag: 'Companies', admin: true, summary: 'One company', response: CompanyOut, errors: [400, 404],
    handler(ctx) {
      const id = intParam(ctx, 'id');
      const c = ctx.sim.world.companies.find((x) => x.Id === id);
      if (!c) throw notFound(`Company ${id} not found`);
      return json(c);
    },
  },
  {
    method: 'POST', path: '/api/Companies', tag: 'Companies', admin: true, write: true, summary: 'Create a company', body: CompanyCreate, response: CompanyOut, errors: [400],
    handler({ sim, body }) {
      const b = body as z.infer<typeof CompanyCreate>;
      const c = { Id: Math.max(...sim.world.companies.map((x) => x.Id)) + 1, Country: '', TimeZone: 'UTC', Email: '', Phone: '', Active: true, ...b };
      sim.world.companies.push(c);
      return json(c);
    },
  },
  {
    method: 'PUT', path: '/api/Companies', tag: 'Companies', admin: true, write: true, summary: 'Update a company by the Id in the body', body: CompanyUpdate, response: CompanyOut, errors: [400, 404],
    handler({ sim, body }) {
      const b = body as z.infer<typeof CompanyUpdate>;
      const c = sim.world.companies.find((x) => x.Id === b.Id);
      if (!c) throw notFound(`Company ${b.Id} not found`);
      Object.assign(c, b);
      // Records are replaced, never changed in place: the kept status and list bodies follow their identity.
      if (b.Name) for (const o of sim.world.objects.values()) if (o.CompanyId === c.Id) sim.world.objects.set(o.Id, { ...o, CompanyName: c.Name });
      return json(c);
    },
  },
];
