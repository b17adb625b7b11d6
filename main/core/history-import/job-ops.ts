/**
 * The 'history-import' job kind: one journal item per part. Its write queues the part and
 * follows the service's status until it is Completed; a Failed part is a failed item with the
 * service's words. A POST is not idempotent, so the operation id is journalled (in the item's
 * `old` slot, with how many positions are confirmed) before its status is read: a job resumed
 * after a crash follows that operation instead of sending the positions again, and sends them
 * again only when the service no longer knows the operation.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { ApiError } from '../api/errors';
import { FleetError, isFleetError } from '../../../common/errors';
import { body, partFromValue, type PartPoint } from './parts';

export const POLL_MS = 500;
/** About 20 minutes of status reads per operation before the outcome is called unknown. */
const MAX_POLLS = 2400;

type ImportApi = { historyImport: { start(b: unknown): Promise<string>; status(id: string): Promise<Record<string, unknown>> } };

/** How far a part got: its first `done` positions are in; `op` covers the next `n`, sent and not yet confirmed. */
export interface PartProgress { done: number; op?: { id: string; n: number } }

export function progressFrom(old: unknown): PartProgress {
  if (typeof old !== 'string') return { done: 0 };
  try {
    const p = JSON.parse(old) as Partial<PartProgress>;
    const done = typeof p.done === 'number' && p.done >= 0 ? p.done : 0;
    const op = p.op && typeof p.op.id === 'string' && typeof p.op.n === 'number' && p.op.n > 0 ? { id: p.op.id, n: p.op.n } : undefined;
    return op ? { done, op } : { done };
  } catch {
    return { done: 0 };
  }
}

async function send(api: ImportApi, objectId: number, points: readonly PartPoint[], state: PartProgress, keep: (p: PartProgress) => void, signal: AbortSignal): Promise<void> {
  let size = points.length;
  while (state.done < points.length) {
    if (!state.op) {
      const chunk = points.slice(state.done, state.done + size);
      try {
        state.op = { id: await api.historyImport.start(body(objectId, chunk)), n: chunk.length };
      } catch (e) {
        // The spec names no batch size: a 400 about size halves what is sent at once.
        const msg = e instanceof ApiError ? (e.serverMessage ?? e.message) : '';
        if (e instanceof ApiError && e.status === 400 && chunk.length > 1 && /at most|too many|too large|limit|size/i.test(msg)) {
          size = Math.ceil(chunk.length / 2);
          continue;
        }
        throw e;
      }
      keep(state);
    }
    if (!(await follow(api, state.op.id, signal))) {
      // The service has forgotten the operation (restarted, or too long ago): send the positions again.
      state.op = undefined;
      keep(state);
      continue;
    }
    state.done += state.op.n;
    state.op = undefined;
    keep(state);
  }
}

/** True once the operation is Completed; false when the service does not know it. */
async function follow(api: ImportApi, opId: string, signal: AbortSignal): Promise<boolean> {
  let misses = 0;
  for (let i = 0; i < MAX_POLLS; i++) {
    // A halted job cuts the wait short: the write ends, its operation stays journalled.
    await wait(POLL_MS, undefined, { signal });
    let s: Record<string, unknown>;
    try {
      s = await api.historyImport.status(opId);
      misses = 0;
    } catch (e) {
      if (isFleetError(e) && e.code === 'not_found') return false;
      if (isFleetError(e) && (e.code === 'server_error' || e.code === 'offline' || e.code === 'rate_limited') && ++misses < 6) continue;
      throw e;
    }
    const state = String(s.Status ?? s.status ?? '').toLowerCase();
    if (state === 'completed' || state === 'done' || state === 'success') return true;
    if (state === 'failed' || state === 'error') {
      throw new FleetError('invalid_input', `The service refused the part: ${String(s.Message ?? s.message ?? 'no reason given')}`);
    }
  }
  throw new FleetError('unknown_outcome', `Import ${opId} did not finish in time`);
}

/** Shaped as the jobs engine's KindOps (checked where operations.ts lists it; importing the type here would make a circle). */
export const historyImportOps = {
  readOld: async (): Promise<null> => null,
  write: async (api: ImportApi, objectId: number, value: unknown, old: unknown, run: { progress(p: string): void; signal: AbortSignal }): Promise<void> =>
    send(api, objectId, partFromValue(value).points, progressFrom(old), (p) => run.progress(JSON.stringify(p)), run.signal),
  check: (v: unknown): string | null => {
    try {
      partFromValue(v);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  },
};
