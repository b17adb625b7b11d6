/**
 * What an HTTP request's target names, decided without throwing: any page the user visits
 * can send requests to 127.0.0.1, so a malformed target is an answer (400, 414, 403), never
 * an exception, and no target reaches a file outside the static folder.
 */
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Longer targets are refused (414); Node itself refuses a request head over 16 KB (431). */
export const MAX_TARGET_LENGTH = 8 * 1024;

export type Target =
  | { kind: 'refused'; status: 400 | 403 | 414; reason: string }
  | { kind: 'route'; route: 'tiles' | 'bulk' | 'session'; url: URL }
  | { kind: 'file'; file: string; /** No extension: a client-side route, which loads the app shell when no file matches. */ appRoute: boolean };

export function resolveTarget(rawTarget: string | undefined, staticDir: string): Target {
  const raw = rawTarget ?? '/';
  if (raw.length > MAX_TARGET_LENGTH) return { kind: 'refused', status: 414, reason: 'URI Too Long' };
  // Origin-form only: an absolute-form target (`GET http://host:port/`) names another
  // authority than the Host header we checked, and `//x/y` must stay a path, not a host.
  if (!raw.startsWith('/')) return { kind: 'refused', status: 400, reason: 'Bad Request' };
  let url: URL;
  try {
    url = new URL(`http://127.0.0.1${raw}`);
  } catch {
    return { kind: 'refused', status: 400, reason: 'Bad Request' };
  }
  if (url.host !== '127.0.0.1') return { kind: 'refused', status: 400, reason: 'Bad Request' };
  if (url.pathname.startsWith('/tiles/')) return { kind: 'route', route: 'tiles', url };
  if (url.pathname.startsWith('/bulk/')) return { kind: 'route', route: 'bulk', url };
  if (url.pathname === '/session') return { kind: 'route', route: 'session', url };

  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'refused', status: 400, reason: 'Bad Request' };
  }
  if (rel.includes('\0')) return { kind: 'refused', status: 400, reason: 'Bad Request' };
  if (rel.endsWith('/')) rel += 'index.html';
  const root = resolve(staticDir);
  const file = join(root, rel);
  const inside = relative(root, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return { kind: 'refused', status: 403, reason: 'Forbidden' };
  return { kind: 'file', file, appRoute: extname(file) === '' };
}
