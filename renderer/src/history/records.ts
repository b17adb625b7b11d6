/**
 * The catalogue calls (daily statistics, driver sessions, parkings/engine, packets) pass
 * straight to the service, which refuses intervals over a month (packets: over a day);
 * history/load's windows are the core's business, these are split here into windows it
 * accepts and their answers joined into one (record-windows.ts).
 */
import { rpc } from '../rpc/client';
import { fleetStore } from '../stores/fleet-store';
import { validTimeZone } from './interval';
import { fetchInWindows, type Records, type RecordsMethod } from './record-windows';

export type { Records, RecordsMethod };

/** Windows end at the object's local midnights (its TimeZone from the list; UTC if it has none). */
export function fetchRecords(method: RecordsMethod, objectId: number, from: number, till: number): Promise<Records> {
  const zone = validTimeZone(fleetStore.objectsById.get(objectId)?.TimeZone) ?? 'UTC';
  return fetchInWindows((m, args) => rpc(m, args), method, objectId, from, till, zone);
}
