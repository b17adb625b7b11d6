/**
 * Where a (base URL, login) pair's cache lives. The file name is a hash of the normalised
 * base URL and the login, prefixed with a readable slug; two users or two servers never
 * share a file.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { removeStartingWith } from '../seams/private-files';

/**
 * Normalises a base URL for identity: lower-case scheme and host, no default port, no
 * query or fragment, no trailing slash, and no `/api` suffix (the interface lives under
 * `{base_url}/api/`, so both spellings name the same server). Throws on a non-http(s) URL.
 */
export function normaliseBaseUrl(baseUrl: string): string {
  const u = new URL(baseUrl.trim());
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`Not an http(s) URL: ${baseUrl}`);
  let path = u.pathname.replace(/\/+$/, '');
  if (/\/api$/i.test(path)) path = path.slice(0, -4);
  return `${u.protocol}//${u.host}${path}`;
}

/** Logins are compared as typed apart from surrounding spaces (servers may be case-sensitive). */
export function normaliseLogin(login: string): string {
  return login.trim();
}

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/g, '');
}

/** The cache file name (no directory) for a server and login. */
export function cacheFileName(baseUrl: string, login: string): string {
  const url = normaliseBaseUrl(baseUrl);
  const user = normaliseLogin(login);
  const hash = createHash('sha256').update(`${url}\n${user}`).digest('hex').slice(0, 20);
  const host = new URL(url).host;
  const readable = [slug(host), slug(user)].filter(Boolean).join('_') || 'cache';
  return `${readable}-${hash}.sqlite`;
}

/** Absolute path of the cache file for a server and login in `dataDir`. */
export function cacheFileFor(dataDir: string, baseUrl: string, login: string): string {
  return join(dataDir, cacheFileName(baseUrl, login));
}

/** The finished reports kept beside a cache file (reports/store.ts): forgetting the cache forgets them. */
export function reportsFileFor(cacheFile: string): string {
  return join(dirname(cacheFile), `${basename(cacheFile).replace(/\.(sqlite|db)$/i, '')}.reports.sqlite`);
}

/** The scratch file beside a cache file that a new object list is staged in (objects-next.ts). */
export const stagingFileOf = (f: string): string => `${f}-next`;

/** Where the ingest worker spools the big bodies of a cache file's connection: this, then its own name for each (workers/fetch.ts). */
export const spoolPrefixOf = (cacheFile: string): string => `${cacheFile}.incoming-`;

/** A cache or reports file and its companions: WAL, shared memory, journal, and the list's scratch file. */
export const companionsOf = (f: string): string[] => [f, `${f}-wal`, `${f}-shm`, `${f}-journal`, stagingFileOf(f)];

/**
 * Deletes the cache file, the reports file beside it, and their companions, and any body the
 * ingest worker spooled beside the cache and did not get to remove ("forget this server").
 * The cache must be closed first.
 */
export function deleteCacheFiles(dataDir: string, baseUrl: string, login: string): void {
  const file = cacheFileFor(dataDir, baseUrl, login);
  for (const f of [file, reportsFileFor(file)]) for (const x of companionsOf(f)) rmSync(x, { force: true });
  removeStartingWith(spoolPrefixOf(file));
}
