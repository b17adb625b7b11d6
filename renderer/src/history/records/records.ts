/**
 * The catalogue calls (daily statistics, driver sessions, parkings/engine, packets) pass
 * straight to the service, which refuses intervals over a month (packets: over a day);
 * history/load's windows are the core's business, these are split here into windows it
 * accepts and their answers joined into one (record-windows.ts).
 */
import { rpc } from '../../rpc/client';
import { fleetStore } from '../../stores/fleet-store';
import { validTimeZone } from '../interval';
import { fetchInWindows, type Records, type RecordsMethod } from './record-windows';

export type { Records, RecordsMethod };

/** The longest a request waits for the object list (a fresh cache offline may have none). */
const LIST_WAIT_MS = 5_000;

/**
 * The object's zone, once the object list is in. On a page just opened the list arrives
 * after the screen asks, and windows cut at UTC midnights then are not the ones the core
 * kept under the object's zone: offline, the daily statistics were missing though cached.
 */
function objectZone(objectId: number): Promise<string> {
  const zone = () => validTimeZone(fleetStore.objectsById.get(objectId)?.TimeZone) ?? 'UTC';
  if (fleetStore.objects.length > 0) return Promise.resolve(zone());
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      resolve(zone());
    };
    const off = fleetStore.subscribe(() => fleetStore.objects.length > 0 && done());
    const timer = setTimeout(done, LIST_WAIT_MS);
  });
}

/** Windows end at the object's local midnights (its TimeZone from the list; UTC if it has none). */
export async function fetchRecords(method: RecordsMethod, objectId: number, from: number, till: number): Promise<Records> {
  const zone = await objectZone(objectId);
  return fetchInWindows((m, args) => rpc(m, args), method, objectId, from, till, zone);
}

/** The copies the host kept of the same windows, without asking the service (`fetchedAt` null: none). */
export async function fetchCachedRecords(method: 'history/dailyStat', objectId: number, from: number, till: number): Promise<Records> {
  const zone = await objectZone(objectId);
  return fetchInWindows((m, args) => rpc(m as 'history/dailyStat', { ...args, cachedOnly: true }), method, objectId, from, till, zone);
}
