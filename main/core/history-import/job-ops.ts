/**
 * The 'history-import' job kind: one journal item per part. Its write queues the part and
 * follows the service's status until the part is Completed; a Failed part is a failed item
 * with the service's words. A POST is not idempotent, so a part whose answer was lost is
 * queued again: an import replaces the positions of the times it covers, so the result is
 * the same track.
 */
import { ApiError } from '../api/errors';
import { FleetError, isFleetError } from '../../../common/errors';
import { body, partFromValue, type PartPoint } from './parts';

export const POLL_MS = 500;
/** About 20 minutes of status reads per part before the outcome is called unknown. */
const MAX_POLLS = 2400;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ImportApi = { historyImport: { start(b: unknown): Promise<string>; status(id: string): Promise<Record<string, unknown>> } };

async function send(api: ImportApi, objectId: number, points: readonly PartPoint[]): Promise<void> {
  let opId: string;
  try {
    opId = await api.historyImport.start(body(objectId, points));
  } catch (e) {
    // The spec names no batch size: a 400 about size splits the part in two.
    const msg = e instanceof ApiError ? (e.serverMessage ?? e.message) : '';
    if (e instanceof ApiError && e.status === 400 && points.length > 1 && /at most|too many|too large|limit|size/i.test(msg)) {
      const half = Math.ceil(points.length / 2);
      await send(api, objectId, points.slice(0, half));
      await send(api, objectId, points.slice(half));
      return;
    }
    throw e;
  }
  let misses = 0;
  for (let i = 0; i < MAX_POLLS; i++) {
    await sleep(POLL_MS);
    let s: Record<string, unknown>;
    try {
      s = await api.historyImport.status(opId);
      misses = 0;
    } catch (e) {
      if (isFleetError(e) && (e.code === 'server_error' || e.code === 'offline' || e.code === 'rate_limited') && ++misses < 6) continue;
      throw e;
    }
    const state = String(s.Status ?? s.status ?? '').toLowerCase();
    if (state === 'completed' || state === 'done' || state === 'success') return;
    if (state === 'failed' || state === 'error') {
      throw new FleetError('invalid_input', `The service refused the part: ${String(s.Message ?? s.message ?? 'no reason given')}`);
    }
  }
  throw new FleetError('unknown_outcome', `Import ${opId} did not finish in time`);
}

/** Shaped as the jobs engine's KindOps (checked where operations.ts lists it; importing the type here would make a circle). */
export const historyImportOps = {
  readOld: async (): Promise<null> => null,
  write: async (api: ImportApi, objectId: number, value: unknown): Promise<void> => send(api, objectId, partFromValue(value).points),
  check: (v: unknown): string | null => {
    try {
      partFromValue(v);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  },
};
