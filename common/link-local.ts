/**
 * Link-local addresses (169.254.0.0/16, fe80::/10) reach the machine's own link: cloud
 * metadata services live there, so a configurable URL (the tile source) must not point at
 * one. Judged on the literal host only; names are not resolved. Expects a host as `new URL`
 * gives it, which has already turned other IPv4 spellings (hex, one number) into dotted
 * decimal and written IPv6 in hex groups.
 */

function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

/** The eight 16-bit groups of an IPv6 literal (a dotted IPv4 tail allowed), or null. */
function ipv6Groups(host: string): number[] | null {
  let h = host;
  const tail = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(h);
  if (tail) {
    const v4 = ipv4(tail[1]!);
    if (!v4) return null;
    h = `${h.slice(0, tail.index)}:${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = h.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const head = part(halves[0]!);
  const rest = halves.length === 2 ? part(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...rest];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

export function isLinkLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4(host);
  if (v4) return v4[0] === 169 && v4[1] === 254;
  const g = ipv6Groups(host);
  if (!g) return false;
  if ((g[0]! & 0xffc0) === 0xfe80) return true;
  // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible (::a.b.c.d) forms.
  const embedsV4 = g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0);
  return embedsV4 && g[6] === 0xa9fe;
}
