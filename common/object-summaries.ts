/**
 * An object's summary: what every window reads of it, stored and sent as rows, and read back.
 * Free of zod, as the renderer's first bundle imports it (decision 0085).
 */
import type { FleetObject } from './resources';

/**
 * What the list, the map, the pickers and the event rows read of an object, in this order:
 * the whole fleet crosses to every window at launch as these, so nothing else goes with them
 * (no sensors, no company, no dates, no fields a server adds of its own; objects/details has
 * the whole object). A field added here is read by every window at the next list. Only ever
 * appended to: stored summaries are rows that name their fields by place (`summaryRow`).
 */
export const SUMMARY_KEYS = ['Id', 'Name', 'StateNumber', 'IMEI', 'Status', 'GroupIds', 'DeviceType', 'Phone', 'IconId', 'TrackColor', 'Timeout', 'MaxSpeed', 'TimeZone'] as const;

export type ObjectSummary = Pick<FleetObject, (typeof SUMMARY_KEYS)[number]>;

/** An object's summary: the SUMMARY_KEYS it has, in their order. */
export function summaryOf(o: FleetObject): ObjectSummary {
  const s: Record<string, unknown> = {};
  for (const k of SUMMARY_KEYS) if (o[k] !== undefined) s[k] = o[k];
  return s as ObjectSummary;
}

/**
 * A summary as it is stored and sent (decision 0064): a bit per SUMMARY_KEYS field it has,
 * then those fields' values in order. The names written out in every object were half of the
 * list's bytes, which a window fetches and parses at every launch.
 * A field absent differs from one the service sent as null, as in `summaryOf`.
 */
export function summaryRow(o: Partial<Pick<FleetObject, (typeof SUMMARY_KEYS)[number]>>): unknown[] {
  const row: unknown[] = [0];
  let has = 0;
  SUMMARY_KEYS.forEach((k, i) => {
    if (o[k] === undefined) return;
    has |= 1 << i;
    row.push(o[k]);
  });
  row[0] = has;
  return row;
}

const ALL_SUMMARY_FIELDS = (1 << SUMMARY_KEYS.length) - 1;

/** A row with every SUMMARY_KEYS field, its keys in their order (a key added there is added here). */
function fullSummary(r: unknown[]): ObjectSummary {
  return { Id: r[1], Name: r[2], StateNumber: r[3], IMEI: r[4], Status: r[5], GroupIds: r[6], DeviceType: r[7], Phone: r[8], IconId: r[9], TrackColor: r[10], Timeout: r[11], MaxSpeed: r[12], TimeZone: r[13] } as ObjectSummary;
}

/** A stored or sent summary back as the object: a row (`summaryRow`), or a summary object as caches before rows kept them. */
export function summaryFromRow(row: unknown): ObjectSummary {
  if (!Array.isArray(row)) {
    if (typeof row === 'object' && row !== null) return row as ObjectSummary;
    throw new Error('objects/list: a summary that is neither a row nor an object');
  }
  const has = row[0];
  if (typeof has !== 'number') throw new Error('objects/list: a summary row without the fields it has');
  // Every field present, as for nearly every object: one literal, one shape, no keyed stores.
  if (has === ALL_SUMMARY_FIELDS) return fullSummary(row);
  const s: Record<string, unknown> = {};
  let at = 1;
  for (let i = 0; i < SUMMARY_KEYS.length; i++) if (has & (1 << i)) s[SUMMARY_KEYS[i]!] = row[at++];
  return s as ObjectSummary;
}

/**
 * How objects are ordered by name: numbers in names by their value, case and accents aside.
 * The host stores the list in this order and the list sorts by it, so the two agree.
 */
export const NAME_COLLATION: Intl.CollatorOptions = { numeric: true, sensitivity: 'base' };

export interface ObjectsList {
  /**
   * Every object's summary: a JSON array of summary rows (`summaryRow`) in name order (`NAME_COLLATION`),
   * as UTF-8 bytes (read it with `objectsOf`). Bytes, because the host then neither parses
   * nor encodes 30,000 objects on its event loop when a window opens.
   */
  json: Uint8Array;
  /** When this list was last confirmed by the service (Unix ms), null if never. */
  fetchedAt: number | null;
  /**
   * Only what a first sign-in's reduced list has (names, IMEI, status, icon; no plates or
   * groups) while the full list is on its way: windows say so until it comes (decision 0073).
   */
  namesOnly?: boolean;
}

/** The objects of an objects/list answer. */
export function objectsOf(list: ObjectsList): ObjectSummary[] {
  const v: unknown = JSON.parse(new TextDecoder().decode(list.json));
  if (!Array.isArray(v)) throw new Error('objects/list: the list is not a JSON array');
  const out = new Array<ObjectSummary>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = summaryFromRow(v[i]);
  return out;
}
