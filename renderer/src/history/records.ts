/**
 * The catalogue calls (daily statistics, driver sessions, parkings/engine, packets) pass
 * straight to the service, which refuses intervals over a month; history/load's windows
 * are the core's business, these are split here into windows it accepts.
 */
import type { HistoryRecords } from '../../../common/methods/history';
import { rpc } from '../rpc/client';
import { splitRange } from './record-shapes';

export type RecordsMethod = 'history/dailyStat' | 'history/driverSessions' | 'history/parkingMoto' | 'history/packets';

export interface Records {
  items: unknown[];
  fetchedAt: number | null;
  fromCache: boolean;
}

export async function fetchRecords(method: RecordsMethod, objectId: number, from: number, till: number): Promise<Records> {
  // One window at a time: the service is slow to answer large ones and has a rate limit.
  const out: Records = { items: [], fetchedAt: null, fromCache: false };
  for (const [a, b] of splitRange(from, till)) {
    const r = (await rpc(method, { objectId, from: a, till: b })) as Partial<HistoryRecords> & { items: unknown[] };
    out.items.push(...r.items);
    if (r.fromCache) out.fromCache = true;
    if (typeof r.fetchedAt === 'number') out.fetchedAt = out.fetchedAt === null ? r.fetchedAt : Math.min(out.fetchedAt, r.fetchedAt);
  }
  return out;
}
