/**
 * Reference data the screens read offline (groups, geozones, drivers, keys, shifts, event
 * settings, command and report templates, and the profile where it stands in for the
 * geozones): fetched at sign-in and on the long period, each kind on its own so that one
 * refused or broken list (a 403 for an ordinary user, a body that does not parse) does not
 * keep the others stale.
 */
import type { FleetApi } from '../api';
import type { Cache } from '../cache';
import type { ReferenceKind } from '../cache/reference';

export interface ReferenceSource {
  kind: ReferenceKind;
  list: () => Promise<unknown[]>;
}

export function referenceSources(api: FleetApi): ReferenceSource[] {
  return [
    { kind: 'objectGroups', list: () => api.groups.list() },
    { kind: 'geozones', list: () => api.geozones.list() },
    { kind: 'geozoneGroups', list: () => api.geozones.groups.list() },
    { kind: 'drivers', list: () => api.drivers.drivers.list() },
    { kind: 'driverGroups', list: () => api.drivers.groups.list() },
    { kind: 'driverKeys', list: () => api.drivers.keys.list() },
    { kind: 'driverKeyGroups', list: () => api.drivers.keyGroups.list() },
    { kind: 'driverShifts', list: () => api.drivers.shifts.list() },
    { kind: 'eventSettings', list: () => api.eventSettings.list() },
    { kind: 'eventSettingGroups', list: () => api.eventSettings.groups.list() },
    { kind: 'commandTemplates', list: () => api.commandTemplates.list() },
    { kind: 'reportTemplates', list: () => api.reportTemplates.list() },
  ];
}

export interface ReferenceRefresh {
  refreshed: ReferenceKind[];
  failed: { kind: ReferenceKind | 'profile'; message: string }[];
}

/**
 * Refreshes every kind, and the profile only when the geozones' own list could not be had and
 * none is kept: its geozones are then what the geozones screen falls back to, and the rest of
 * it (every object embedded) is the list's, which the cache keeps already (decision 0089).
 * `storeProfile` fetches and stores the profile (through the ingestor, which decodes the fleet).
 */
export async function refreshReference(
  cache: Cache,
  storeProfile: () => Promise<void>,
  sources: ReferenceSource[],
  now: () => number = Date.now,
): Promise<ReferenceRefresh> {
  const out: ReferenceRefresh = { refreshed: [], failed: [] };
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
  // One kind at a time: reference data is not urgent, and the live polls share the server.
  for (const s of sources) {
    try {
      const items = await s.list();
      cache.reference.replaceAll(s.kind, items as { Id: number }[], now());
      out.refreshed.push(s.kind);
    } catch (e) {
      out.failed.push({ kind: s.kind, message: message(e) });
    }
  }
  if (cache.reference.fetchedAt('geozones') === null) {
    try {
      await storeProfile();
    } catch (e) {
      out.failed.push({ kind: 'profile', message: message(e) });
    }
  }
  return out;
}
