/** POST /api/ObjectPackets: packets from the device over an interval, in original form (a read). */
import type { Http } from './http';
import { call, extra, looseList, type Extra, type LooseItem } from './shared';

export interface PacketsRequest {
  ObjectId: number;
  From: number;
  Till: number;
  [k: string]: unknown;
}

export function getPackets(http: Http, req: PacketsRequest, e?: Extra): Promise<Array<LooseItem | string | number>> {
  return call(http, 'POST', '/api/ObjectPackets', looseList, { body: req, idempotent: true, timeoutMs: 60_000, ...extra(e) });
}

export function packetsApi(http: Http) {
  return { get: (req: PacketsRequest, e?: Extra) => getPackets(http, req, e) };
}
