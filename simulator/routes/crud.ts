/**
 * Catalogue collections: one factory for list/get/create/update/delete, scoped to the
 * caller's company, validated by zod, persisted for the life of the process.
 */
import { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { empty, json, type Ctx, type Route } from '../http/route';
import type { Sim } from '../sim';
import type { CollectionName } from '../world/generate';
import type { Rec, User } from '../world/types';
import { intParam } from './params';

type Op = 'list' | 'get' | 'post' | 'put' | 'delete';

export interface CrudSpec {
  base: string;
  coll: CollectionName;
  tag: string;
  what: string;
  fields: z.ZodRawShape;
  ops: Op[];
  /** Fields referring to another collection of the same company (0 allowed when optional). */
  refs?: Record<string, CollectionName>;
  /** Field whose value must be unique within the company. */
  unique?: string;
  check?: (rec: Record<string, unknown>) => string | undefined;
  /**
   * Values a create without the field gets, as a server fills its columns' defaults: the
   * interface documents none of these fields, so a client cannot be expected to send them.
   * `undefined` marks a field `fill` derives.
   */
  defaults?: Record<string, unknown>;
  /** Fields derived from others on create when absent (after `defaults`); a message refuses the record. */
  fill?: (rec: Record<string, unknown>) => string | undefined;
  /** Why the record cannot be deleted while others refer to it (409), as a server's foreign keys answer. */
  inUse?: (sim: Sim, rec: Rec) => string | undefined;
}

const int = z.number().int();

function validateRefs(sim: Sim, user: User, spec: CrudSpec, rec: Record<string, unknown>, companyId: number): void {
  for (const [field, coll] of Object.entries(spec.refs ?? {})) {
    const v = rec[field];
    const list = Array.isArray(v) ? v : [v];
    for (const id of list) {
      if (typeof id !== 'number' || id === 0) continue;
      const r = sim.store.peek(coll, id);
      if (!r || r.CompanyId !== companyId) throw badRequest(`${field}: ${id} does not exist`);
    }
  }
  if (spec.unique) {
    const val = rec[spec.unique];
    const dup = sim.store.list(spec.coll, { ...user, IsAdmin: true }).find((r) => r.CompanyId === companyId && r[spec.unique!] === val && r.Id !== rec.Id);
    if (dup) throw conflict(`${spec.unique} ${String(val)} is already in use`);
  }
  const msg = spec.check?.(rec);
  if (msg) throw badRequest(msg);
}

/** A read-only account reads every collection and changes none. */
function mayWrite(user: User, spec: CrudSpec): void {
  if (user.ReadOnly) throw forbidden(`This account may not change ${spec.what} records`);
}

export function crud(spec: CrudSpec): Route[] {
  const optional = Object.fromEntries(Object.keys({ ...spec.defaults }).filter((k) => k in spec.fields).map((k) => [k, (spec.fields[k] as z.ZodType).optional()]));
  const create = z.object({ ...spec.fields, ...optional, CompanyId: int.optional() });
  const update = z.object(spec.fields).partial().extend({ Id: int, CompanyId: int.optional() });
  const out = z.object({ Id: int, CompanyId: int, ...spec.fields });
  const full = z.object(spec.fields);
  const routes: Route[] = [];
  const find = (ctx: Ctx, id: number): Rec => {
    const r = ctx.sim.store.get(spec.coll, ctx.user, id);
    if (!r) throw notFound(`${spec.what} ${id} not found`);
    return r;
  };
  if (spec.ops.includes('list')) routes.push({
    method: 'GET', path: spec.base, tag: spec.tag, summary: `List ${spec.what} records`, response: z.array(out),
    handler: ({ sim, user }) => json(sim.store.list(spec.coll, user)),
  });
  if (spec.ops.includes('get')) routes.push({
    method: 'GET', path: `${spec.base}/{id}`, tag: spec.tag, summary: `One ${spec.what}`, response: out, errors: [400, 404],
    handler: (ctx) => json(find(ctx, intParam(ctx, 'id'))),
  });
  if (spec.ops.includes('post')) routes.push({
    method: 'POST', path: spec.base, tag: spec.tag, summary: `Create a ${spec.what} (Id is assigned)`, write: true,
    body: create, response: out, errors: [400, 403, 409],
    handler({ sim, user, body }) {
      mayWrite(user, spec);
      const b = { ...structuredClone(spec.defaults), ...(body as Record<string, unknown>) };
      const unfilled = spec.fill?.(b);
      if (unfilled) throw badRequest(unfilled);
      const companyId = user.IsAdmin && typeof b.CompanyId === 'number' ? b.CompanyId : user.CompanyId;
      if (!sim.world.companies.some((c) => c.Id === companyId)) throw badRequest(`CompanyId ${companyId} does not exist`);
      validateRefs(sim, user, spec, b, companyId);
      return json(sim.store.create(spec.coll, { ...b, CompanyId: companyId }));
    },
  });
  if (spec.ops.includes('put')) routes.push({
    method: 'PUT', path: spec.base, tag: spec.tag, summary: `Update a ${spec.what} by the Id in the body (fields not given are kept)`, write: true,
    body: update, response: out, errors: [400, 403, 404, 409],
    handler(ctx) {
      mayWrite(ctx.user, spec);
      const b = ctx.body as Record<string, unknown> & { Id: number };
      const cur = find(ctx, b.Id);
      const merged = { ...cur, ...b, CompanyId: cur.CompanyId } as Rec;
      const parsed = full.safeParse(merged);
      if (!parsed.success) throw badRequest(`Invalid ${spec.what}: ${parsed.error.issues[0]?.message ?? ''}`);
      validateRefs(ctx.sim, ctx.user, spec, merged, cur.CompanyId);
      ctx.sim.store.put(spec.coll, merged);
      return json(merged);
    },
  });
  if (spec.ops.includes('delete')) routes.push({
    method: 'DELETE', path: `${spec.base}/{id}`, tag: spec.tag, summary: `Delete a ${spec.what}`, write: true,
    response: 'empty', errors: spec.inUse ? [400, 403, 404, 409] : [400, 403, 404],
    handler(ctx) {
      mayWrite(ctx.user, spec);
      const r = find(ctx, intParam(ctx, 'id'));
      const used = spec.inUse?.(ctx.sim, r);
      if (used) throw conflict(used);
      ctx.sim.store.remove(spec.coll, r.Id);
      return empty();
    },
  });
  return routes;
}
