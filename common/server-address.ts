/**
 * The server address as a person types or pastes it, turned into the one base URL every
 * request is built on. The service's documentation names the base with `/api`, so a pasted
 * `https://fleet.example.com/api/` must not become `/api/api/Token`; and `fleet.example.com:8443`
 * without a scheme is what people type. Used by the sign-in contract (so a bad address is
 * refused with these words) and by the session (so everything after sign-in uses the same URL).
 */

export type ServerAddress =
  /** `insecure`: plain http, the password crosses the network readable (the form warns). */
  | { ok: true; baseUrl: string; insecure: boolean }
  | { ok: false; message: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;

/** "https://Fleet.Example.com:443/api/" → "https://fleet.example.com"; "host:8080" → "https://host:8080". */
export function parseServerAddress(input: string): ServerAddress {
  const text = input.trim();
  const bad = (why: string): ServerAddress => ({ ok: false, message: `The server address "${text}" ${why}` });
  if (text === '') return { ok: false, message: 'Enter the server address, e.g. https://fleet.example.com' };
  if (/\s/.test(text)) return bad('contains spaces');
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return bad('must start with https:// or http://');
  // No scheme: a host name or address, maybe with a port and a path. "host:8080" would
  // otherwise read as a URL of the scheme "host:".
  if (scheme === undefined && !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d*)?(\/|$)/i.test(text)) return bad('is not a web address');
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `https://${text}` : text);
  } catch {
    return bad('is not a web address');
  }
  if (url.hostname === '') return bad('has no host name');
  if (url.username !== '' || url.password !== '') return bad('must not hold a login or password: use the boxes below it');
  if (url.search !== '' || url.hash !== '' || text.endsWith('?') || text.endsWith('#')) return bad('must not hold "?" or "#"');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/i, '').replace(/\/+$/, '');
  return { ok: true, baseUrl: `${url.protocol}//${url.host}${path}`, insecure: url.protocol === 'http:' };
}

/** The base URL of an address, or an Error with the words of parseServerAddress. */
export function normaliseServerAddress(input: string): string {
  const r = parseServerAddress(input);
  if (!r.ok) throw new Error(r.message);
  return r.baseUrl;
}
