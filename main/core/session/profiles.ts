import { createHash } from 'node:crypto';
import type { ConnectionProfile } from '../../../common/methods/session';

/**
 * The embedded simulator listens on a new port each launch, so the demo profile's cache
 * identity is this fixed address, not the live one: the cached demo fleet opens at once.
 */
export const DEMO_CACHE_URL = 'http://embedded-demo.invalid';
export const DEMO_PROFILE_ID = 'demo';

export function profileId(baseUrl: string, login: string): string {
  return createHash('sha256').update(`${baseUrl.trim().replace(/\/+$/, '').toLowerCase()}\n${login.trim().toLowerCase()}`).digest('hex').slice(0, 16);
}

export function demoProfile(): ConnectionProfile {
  return { id: DEMO_PROFILE_ID, name: 'Demo fleet', baseUrl: DEMO_CACHE_URL, login: 'demo', demo: true, remembered: true };
}

export function upsertProfile(list: ConnectionProfile[], p: ConnectionProfile): ConnectionProfile[] {
  return [p, ...list.filter((x) => x.id !== p.id)];
}
