/**
 * The pickers' choices (companies, icons, groups), loaded once per window when the Admin
 * screen first needs them; a failed load says why and is tried again on the next read.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { AdminChoice, AdminIcon } from '../../../common/methods/jobs';
import { RpcError, rpc } from '../rpc/client';

export interface IconView {
  id: number;
  name: string;
  /** A data: URL of the PNG, when the service sent one. */
  image: string | null;
}

export interface AdminReference {
  companies: AdminChoice[];
  groups: AdminChoice[];
  icons: ReadonlyMap<number, IconView>;
  error: string | null;
  loaded: boolean;
}

let state: AdminReference = { companies: [], groups: [], icons: new Map(), error: null, loaded: false };
let loading = false;
const listeners = new Set<() => void>();

function set(next: Partial<AdminReference>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

const byName = (a: AdminChoice, b: AdminChoice) => a.name.localeCompare(b.name, undefined, { numeric: true });

function iconView(i: AdminIcon): IconView {
  return { id: i.id, name: i.name, image: i.image ? `data:image/png;base64,${i.image}` : null };
}

export async function loadReference(): Promise<void> {
  if (loading) return;
  loading = true;
  try {
    const [companies, groups, icons] = await Promise.all([rpc('admin/companies', {}), rpc('admin/groups', {}), rpc('admin/icons', {})]);
    set({
      companies: [...companies].sort(byName),
      groups: [...groups].sort(byName),
      icons: new Map(icons.map((i) => [i.id, iconView(i)])),
      error: null,
      loaded: true,
    });
  } catch (e) {
    set({ error: e instanceof RpcError ? e.text : String(e) });
  } finally {
    loading = false;
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useAdminReference(): AdminReference {
  const s = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (!s.loaded) void loadReference();
  }, [s.loaded]);
  return s;
}
