/**
 * What each job kind reads before it writes, how it writes one object, how a value is
 * shown, and its inverse (for revert). Every write here SETS a value (odometer to N,
 * owner to company C, group list to L): sending one again after a lost answer leaves the
 * same result, which is why the runner may retry 5xx, resets and an item found 'sending'
 * after a crash. Delete is the exception in meaning only (a second delete of a deleted
 * object is a 404, recorded as done: the object is gone either way).
 */
import type { FleetObject } from '../../../common/resources';
import type { JobKind } from '../../../common/methods/jobs';
import { FleetError } from '../../../common/errors';
import type { FleetApi } from '../api';
import type { Old, Value } from './journal';
import { historyImportOps } from '../history-import/job-ops';

/** The parts of the API client a job uses; the app and the command line pass their own. */
export type JobApi = Pick<FleetApi, 'objects' | 'companies' | 'groups' | 'historyImport'>;

/** What a write of several calls gets from the runner. */
export interface WriteRun {
  /** Journals, in place of the old value, how far the write got (`old` holds it on a resume). */
  progress(p: Old): void;
  /** Aborted when the job is paused, cancelled or stopped: a long wait inside the write ends. */
  signal: AbortSignal;
}

export interface KindOps {
  /** The previous value from the object record, when the kind keeps it there (read once, from the list). */
  fromRecord?(o: FleetObject): Old;
  /** The previous value read from the service for one object. */
  readOld(api: JobApi, objectId: number): Promise<Old>;
  write(api: JobApi, objectId: number, value: Value, old: Old | undefined, run: WriteRun): Promise<void>;
  /** Odometer, engine hours and dates are checked before a job is made. */
  check(value: Value): string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' (00:00 UTC of that day) or Unix ms → Unix ms; null when it is not a date. */
export function paidTillMs(v: Value): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : null;
  if (typeof v !== 'string') return null;
  const m = DAY.exec(v.trim());
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === v.trim() ? ms : null;
}

function recordMs(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v !== '') {
    const n = Date.parse(v);
    return Number.isNaN(n) ? null : n;
  }
  return null;
}

const num = (v: Value): number => {
  if (typeof v !== 'number') throw new FleetError('invalid_input', `Expected a number, got ${JSON.stringify(v)}`);
  return v;
};
const nonNegative = (what: string) => (v: Value) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? null : `${what} must be a number ≥ 0`);
const positiveId = (what: string) => (v: Value) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? null : `${what} must be a positive whole number`);
const groupsOf = (o: FleetObject): number[] => (Array.isArray(o.GroupIds) ? o.GroupIds.filter((g) => typeof g === 'number') : []);

export const OPS: Record<JobKind, KindOps> = {
  odometer: {
    readOld: (api, id) => api.objects.odometer(id),
    write: (api, id, v) => api.objects.syncOdometer(id, num(v)),
    check: nonNegative('The odometer'),
  },
  'engine-hours': {
    readOld: (api, id) => api.objects.engineHours(id),
    write: (api, id, v) => api.objects.syncEngineTime(id, num(v)),
    check: nonNegative('Engine hours'),
  },
  owner: {
    fromRecord: (o) => o.CompanyId ?? null,
    readOld: async (api, id) => (await api.objects.get(id)).CompanyId ?? null,
    write: async (api, id, v) => void (await api.objects.setOwner({ ObjectIds: [id], CompanyId: num(v) })),
    check: positiveId('A company'),
  },
  icon: {
    fromRecord: (o) => o.IconId ?? null,
    readOld: async (api, id) => (await api.objects.get(id)).IconId ?? null,
    write: (api, id, v) => api.objects.setIcon(num(v), [id]),
    check: positiveId('An icon'),
  },
  'paid-till': {
    fromRecord: (o) => recordMs((o as Record<string, unknown>).PayedTill),
    readOld: async (api, id) => recordMs(((await api.objects.get(id)) as Record<string, unknown>).PayedTill),
    write: async (api, id, v) => {
      const ms = paidTillMs(v);
      if (ms === null) throw new FleetError('invalid_input', `Not a date: ${JSON.stringify(v)}`);
      await api.objects.setPaidTill({ ObjectIds: [id], PayedTill: ms });
    },
    check: (v) => (paidTillMs(v) === null ? 'The paid-till date must be a real date, YYYY-MM-DD' : null),
  },
  // The whole group list is sent (the service has no add/remove call): built from the
  // list read before the job, so a re-send sets the same list again.
  'group-add': {
    fromRecord: groupsOf,
    readOld: async (api, id) => groupsOf(await api.objects.get(id)),
    write: async (api, id, v, old) => {
      const g = num(v);
      const before = Array.isArray(old) ? old : groupsOf(await api.objects.get(id));
      await api.objects.update({ Id: id, GroupIds: before.includes(g) ? before : [...before, g] });
    },
    check: positiveId('A group'),
  },
  'group-remove': {
    fromRecord: groupsOf,
    readOld: async (api, id) => groupsOf(await api.objects.get(id)),
    write: async (api, id, v, old) => {
      const g = num(v);
      const before = Array.isArray(old) ? old : groupsOf(await api.objects.get(id));
      await api.objects.update({ Id: id, GroupIds: before.filter((x) => x !== g) });
    },
    check: positiveId('A group'),
  },
  delete: {
    fromRecord: (o) => o.Name,
    readOld: async (api, id) => (await api.objects.get(id)).Name,
    write: (api, id) => api.objects.remove(id),
    check: () => null,
  },
  'history-import': historyImportOps,
};

/** How a value reads in the preview, the results and the exported file. */
export function show(kind: JobKind, v: Old | undefined, names: { companies?: Map<number, string>; groups?: Map<number, string> } = {}): string | null {
  if (v === undefined || v === null) return null;
  switch (kind) {
    case 'odometer':
      return `${v} km`;
    case 'engine-hours':
      return `${v} h`;
    case 'owner':
      return typeof v === 'number' ? (names.companies?.get(v) ?? `company ${v}`) : String(v);
    case 'icon':
      return `icon ${String(v)}`;
    case 'paid-till': {
      const ms = typeof v === 'number' || typeof v === 'string' ? paidTillMs(v) : null;
      return ms === null ? String(v) : new Date(ms).toISOString().slice(0, 10);
    }
    case 'group-add':
    case 'group-remove':
      if (Array.isArray(v)) return v.length ? v.map((g) => names.groups?.get(g) ?? `group ${g}`).join(', ') : 'no groups';
      return `${kind === 'group-add' ? 'add to' : 'remove from'} ${typeof v === 'number' ? (names.groups?.get(v) ?? `group ${v}`) : String(v)}`;
    case 'delete':
      return typeof v === 'string' ? v : String(v);
    case 'history-import':
      return typeof v === 'string' ? importShown(v) : null;
  }
}

/** A part (`points`) or how far its sending got (`done`, the journalled progress). */
function importShown(v: string): string | null {
  try {
    const x = JSON.parse(v) as { points?: unknown[]; done?: number };
    if (Array.isArray(x.points)) return `${x.points.length} positions`;
    return typeof x.done === 'number' ? `${x.done} positions confirmed` : null;
  } catch {
    return null;
  }
}

/** The job that undoes a done item, or null when it changed nothing that can be set back. */
export function inverse(kind: JobKind, value: Value, old: Old | undefined): { kind: JobKind; value: Value } | null {
  if (old === undefined || kind === 'delete' || kind === 'history-import') return null;
  if (kind === 'group-add' || kind === 'group-remove') {
    if (!Array.isArray(old) || typeof value !== 'number') return null;
    const was = old.includes(value);
    if (kind === 'group-add') return was ? null : { kind: 'group-remove', value };
    return was ? { kind: 'group-add', value } : null;
  }
  if (old === null || Array.isArray(old)) return null;
  return { kind, value: old };
}
