import { badRequest } from '../http/errors';
import type { Ctx } from '../http/route';

/** An integer path parameter, or 400. */
export function intParam(ctx: Ctx, name: string): number {
  const raw = ctx.params[name] ?? '';
  if (!/^-?\d+$/.test(raw)) throw badRequest(`Path parameter ${name} must be an integer`);
  return Number(raw);
}

/** A numeric path parameter (may have a fraction), or 400. */
export function numParam(ctx: Ctx, name: string): number {
  const v = Number(ctx.params[name]);
  if (!Number.isFinite(v)) throw badRequest(`Path parameter ${name} must be a number`);
  return v;
}
