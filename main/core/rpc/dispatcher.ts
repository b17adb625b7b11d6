/**
 * The one entry from any transport: parses the envelope and the arguments against the
 * contract before a handler sees them, runs reads concurrently and writes one at a
 * time, and turns every failure into `{code, message}`.
 */
import type { z } from 'zod';
import { methods, isMethodName, type ArgsOf, type MethodName, type ResultOf } from '../../../common/contract';
import { RequestEnvelopeSchema, type ResponseEnvelope } from '../../../common/envelope';
import { FleetError, isFleetError } from '../../../common/errors';
import { createMutex } from '../sync/mutex';

export type Handler<N extends MethodName> = (args: ArgsOf<N>) => Promise<ResultOf<N>> | ResultOf<N>;
export type HandlerMap = { [N in MethodName]?: Handler<N> };

export interface Dispatcher {
  dispatch(raw: unknown): Promise<ResponseEnvelope>;
  register(handlers: HandlerMap): void;
  /** The names that have a handler (a test holds them to the contract). */
  registered(): string[];
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'args'}: ${i.message}`)
    .join('; ');
}

/** A name as quoted back in a message: a reply never echoes a megabyte of what it refuses. */
function shown(name: string): string {
  return name.length > 100 ? `${name.slice(0, 100)}…" (${name.length} characters)` : `${name}"`;
}

export function createDispatcher(log: (msg: string, err?: unknown) => void = () => {}): Dispatcher {
  const handlers = new Map<string, (args: unknown) => unknown>();
  // Writes run one after another, in arrival order; a failed write does not block the next.
  const writes = createMutex();

  return {
    register(map) {
      for (const [name, fn] of Object.entries(map)) {
        if (handlers.has(name)) throw new Error(`Handler for ${name} registered twice`);
        handlers.set(name, fn as (args: unknown) => unknown);
      }
    },

    registered: () => [...handlers.keys()],

    async dispatch(raw) {
      const env = RequestEnvelopeSchema.safeParse(raw);
      if (!env.success) {
        const id = raw && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : null;
        return {
          type: 'error',
          id: typeof id === 'number' || typeof id === 'string' ? id : null,
          error: { code: 'invalid_input', message: `Malformed request: ${describeIssues(env.error)}` },
        };
      }
      const { id, name, args } = env.data;
      if (!isMethodName(name)) {
        return { type: 'error', id, error: { code: 'invalid_input', message: `Unknown method "${shown(name)}` } };
      }
      const handler = handlers.get(name);
      if (!handler) {
        return { type: 'error', id, error: { code: 'invalid_input', message: `Method "${shown(name)} is not available here` } };
      }
      const def = methods[name];
      const parsed = def.args.safeParse(args ?? {});
      if (!parsed.success) {
        return {
          type: 'error',
          id,
          error: { code: 'invalid_input', message: `Invalid arguments for ${name}: ${describeIssues(parsed.error)}` },
        };
      }
      try {
        const run = async () => handler(parsed.data);
        const result = await (def.write ? writes.run(run) : run());
        return { type: 'reply', id, result: result ?? null };
      } catch (e) {
        if (isFleetError(e)) return { type: 'error', id, error: { code: e.code, message: e.message } };
        log(`${name} failed`, e);
        return { type: 'error', id, error: { code: 'server_error', message: `Internal error in ${name}` } };
      }
    },
  };
}

export { FleetError };
