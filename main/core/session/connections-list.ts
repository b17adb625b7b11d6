/**
 * The connections the switcher and the connections list show: every saved profile and every
 * open connection (the demo is open but never saved), with its state, alarm counts and the
 * size of its cache files on disk.
 */
import { statSync } from 'node:fs';
import type { ConnectionInfo, ConnectionProfile, ConnectionsList } from '../../../common/methods/session';
import { cacheFileFor } from '../cache';
import { companionsOf, reportsFileFor } from '../cache/files';
import type { OpenSet } from './open-set';

/** Bytes of the files `deleteCacheFiles` would delete: the cache, its reports, their companions. */
export function cacheBytes(dataDir: string, cacheUrl: string, login: string): number {
  const file = cacheFileFor(dataDir, cacheUrl, login);
  let total = 0;
  for (const f of [file, reportsFileFor(file)]) {
    for (const x of companionsOf(f)) {
      try {
        total += statSync(x).size;
      } catch {
        // Not there: nothing to count.
      }
    }
  }
  return total;
}

export function connectionsList(o: {
  dataDir: string;
  saved: readonly ConnectionProfile[];
  open: OpenSet;
  cacheUrl: (p: ConnectionProfile) => string;
  maxOpen: number;
}): ConnectionsList {
  const openProfiles = o.open.ids().map((id) => o.open.get(id)!.conn.profile);
  const savedIds = new Set(o.saved.map((p) => p.id));
  // An open profile's own object carries a rename at once; the saved list gives the order.
  const profiles = [...openProfiles.filter((p) => !savedIds.has(p.id)), ...o.saved.map((p) => openProfiles.find((x) => x.id === p.id) ?? p)];
  const connections = profiles.map((p): ConnectionInfo => {
    const e = o.open.get(p.id);
    return {
      profileId: p.id,
      name: p.name,
      login: p.login,
      baseUrl: p.baseUrl,
      demo: p.demo,
      state: !e ? 'closed' : e.conn.needsPassword ? 'needs_password' : 'signed_in',
      foreground: o.open.isForeground(p.id),
      unacknowledged: e ? e.counts.unacknowledged : null,
      alarms: e ? e.counts.alarms : null,
      cacheBytes: cacheBytes(o.dataDir, o.cacheUrl(p), p.login),
    };
  });
  return { connections, maxOpen: o.maxOpen };
}
