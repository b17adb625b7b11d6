/**
 * What a tile URL template may be, without zod (decision 0085): `TileUrlSchema` (methods/tiles.ts)
 * is built on these checks, and the Settings screen checks a typed URL with `isTileUrl`; the
 * renderer's first bundle takes `DEFAULT_TILE_URL` from here.
 */
import { isLinkLocalHost } from './link-local';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const TILE_URL_MAX_LENGTH = 500;

/** An address with its placeholders filled, or null when it is not one. */
function filledUrl(template: string): URL | null {
  try {
    return new URL(template.replace(/\{[zxys]\}/g, '0'));
  } catch {
    return null;
  }
}

/** http(s), with {z}, {x} and {y}; {s} (a subdomain) is allowed. */
export function isTileTemplate(template: string): boolean {
  const u = filledUrl(template);
  return u !== null && (u.protocol === 'https:' || u.protocol === 'http:') && ['{z}', '{x}', '{y}'].every((p) => template.includes(p));
}

/** On a link-local address (169.254.x.x, fe80::); false when it is no address at all. */
export function isLinkLocalTemplate(template: string): boolean {
  const u = filledUrl(template);
  return u !== null && isLinkLocalHost(u.hostname);
}

/** Whether `TileUrlSchema` accepts this text (trimmed, as it trims). */
export function isTileUrl(text: string): boolean {
  const s = text.trim();
  return s.length <= TILE_URL_MAX_LENGTH && isTileTemplate(s) && !isLinkLocalTemplate(s);
}
