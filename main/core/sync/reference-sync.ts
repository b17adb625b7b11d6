/**
 * Reference data the screens read offline (profile, groups, geozones, drivers, keys,
 * shifts, event settings, command and report templates): fetched at sign-in and on the
 * long period, each kind on its own so that one refused or broken list (a 403 for an
 * ordinary user, a body that does not parse) does not keep the others stale.
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
 * Refreshes the profile and every kind; resolves with what worked and what did not.
 * `storeProfile` fetches and stores the profile (through the ingestor: it embeds every object).
 */
export async function refreshReference(
  cache: Cache,
  storeProfile: () => Promise<void>,
  sources: ReferenceSource[],
  now: () => number = Date.now,
): Promise<ReferenceRefresh> {
  const out: ReferenceRefresh = { refreshed: [], failed: [] };
  const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
  try {
    await storeProfile();
  } catch (e) {
    out.failed.push({ kind: 'profile', message: message(e) });
  }
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
  return out;
}
