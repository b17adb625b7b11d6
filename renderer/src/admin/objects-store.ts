/**
 * The Admin table's rows: `admin/objects` once, again after the object list changes or a
 * job ends (its writes are then on the service), and the counters the list lacks read
 * for the rows in view (`admin/counters`, at most 500 a call).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { AdminCounters } from '../../../common/methods/jobs';
import { RpcError, onPush, rpc } from '../rpc/client';
import type { AdminRow } from './admin-rows';

interface State {
  rows: AdminRow[];
  fetchedAt: number | null;
  error: string | null;
  loading: boolean;
}

let state: State = { rows: [], fetchedAt: null, error: null, loading: false };
const listeners = new Set<() => void>();
/** Counters asked for already (or known): never asked twice for one load. */
let asked = new Set<number>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export async function loadAdminObjects(refresh = false): Promise<void> {
  set({ loading: true });
  try {
    const r = await rpc('admin/objects', { refresh });
    asked = new Set(r.rows.filter((o) => o.odometer !== null && o.engineHours !== null).map((o) => o.id));
    set({ rows: r.rows, fetchedAt: r.fetchedAt, error: null, loading: false });
  } catch (e) {
    set({ error: e instanceof RpcError ? e.text : String(e), loading: false });
  }
}

function mergeCounters(list: AdminCounters[]) {
  const by = new Map(list.map((c) => [c.objectId, c]));
  set({ rows: state.rows.map((r) => {
    const c = by.get(r.id);
    return c && !c.error ? { ...r, odometer: c.odometer ?? r.odometer, engineHours: c.engineHours ?? r.engineHours } : r;
  }) });
}

/** Reads the counters of these rows if nobody has yet; the table calls it with the rows in view. */
export function wantCounters(ids: readonly number[]): void {
  const need = ids.filter((id) => !asked.has(id)).slice(0, 500);
  if (need.length === 0) return;
  for (const id of need) asked.add(id);
  rpc('admin/counters', { objectIds: need })
    .then(mergeCounters)
    // Offline: the cells keep their dash, and the next load asks again.
    .catch(() => {});
}

let started = false;
function subscribe(l: () => void) {
  listeners.add(l);
  if (!started) {
    started = true;
    onPush('objects/changed', () => void loadAdminObjects());
    onPush('jobs/progress', (p) => {
      if (p.state === 'done' || p.state === 'failed' || p.state === 'cancelled' || p.state === 'stopped') void loadAdminObjects(true);
    });
  }
  return () => listeners.delete(l);
}

export function useAdminObjects(): State {
  const s = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (s.fetchedAt === null && !s.loading && s.error === null) void loadAdminObjects();
  }, [s.fetchedAt, s.loading, s.error]);
  return s;
}
