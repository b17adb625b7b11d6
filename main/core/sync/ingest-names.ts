/**
 * A reduced object list (GET /api/Objects/lite) as the windows' list: the summaries it has
 * fields for, in name order, as the stored list's bytes are. Nothing of it is stored: it
 * stands in for a first sign-in's list until the full one arrives (first-names.ts).
 */
import { summaryRow } from '../../../common/methods/live';
import { OBJECTS_LITE_ENDPOINT, parseObjectsLite } from '../api/objects';
import { listJsonOf } from '../cache';
import { decode } from './ingest-bodies';
import type { PollBody } from './poll-body';

export function namesList(body: PollBody): Uint8Array {
  const objects = parseObjectsLite(decode(body, OBJECTS_LITE_ENDPOINT), OBJECTS_LITE_ENDPOINT);
  // The last occurrence of a repeated id, as the full list's read keeps it.
  const rows = new Map<number, { id: number; name: string; summary: string }>();
  for (const o of objects) rows.set(o.Id, { id: o.Id, name: o.Name, summary: JSON.stringify(summaryRow(o)) });
  return listJsonOf([...rows.values()]);
}
