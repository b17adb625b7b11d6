import type { z } from 'zod';

/**
 * One renderer→main method: a zod schema for its single object argument, the type of
 * its result (phantom), and whether it writes (writes are serialised by the dispatcher).
 */
export interface MethodDef<A extends z.ZodType = z.ZodType, R = unknown> {
  readonly args: A;
  readonly write: boolean;
  /** Never read at run time: carries the result type to both sides. */
  readonly __result?: R;
}

export function method<R>() {
  return <A extends z.ZodType>(args: A, opts: { write?: boolean } = {}): MethodDef<A, R> => ({
    args,
    write: opts.write ?? false,
  });
}

/** One main→renderer push: only its payload type, checked at compile time. */
export interface PushDef<P = unknown> {
  readonly __payload?: P;
}
export function push<P>(): PushDef<P> {
  return {};
}
