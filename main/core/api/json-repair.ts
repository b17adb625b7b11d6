/**
 * Repairs for the invalid JSON deployed servers send (shared/spec/deployed-server-shapes.md,
 * quirk 1): an event without text leaves an empty member behind, `"subid":"0", }` or
 * `"subid":"0", , "resettime":"0"`. jsonrepair gives up on the doubled comma ("Object key
 * expected"), which dropped a whole status. Called only after JSON.parse failed, so a
 * well-formed body never pays for any of this.
 */
import { jsonrepair } from 'jsonrepair';

const COMMA = 44;
const QUOTE = 34;
const APOS = 39;
const BACKSLASH = 92;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function nextSignificant(t: string, from: number): number {
  let i = from;
  while (i < t.length && isSpace(t.charCodeAt(i))) i++;
  return i < t.length ? t.charCodeAt(i) : -1;
}

/**
 * Removes the separators of empty members outside strings: `, ,` (doubled), `, }` and `, ]`
 * (dangling), `{ ,` and `[ ,` (leading). Everything else is left exactly as sent.
 */
export function dropEmptyMembers(t: string): string {
  let out = '';
  let start = 0;
  let quote = 0;
  // The last character that was not a space, outside strings, as it stands in the output.
  let last = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (quote) {
      if (c === BACKSLASH) i++;
      else if (c === quote) {
        quote = 0;
        last = c;
      }
      continue;
    }
    if (c === QUOTE || c === APOS) quote = c;
    else if (c === COMMA) {
      const next = nextSignificant(t, i + 1);
      const empty = last === 123 || last === 91 || last === COMMA || next === COMMA || next === 125 || next === 93;
      if (empty) {
        out += t.slice(start, i);
        start = i + 1;
        continue;
      }
      last = c;
    } else if (!isSpace(c)) last = c;
  }
  return start === 0 ? t : out + t.slice(start);
}

/** What salvage kept and dropped, per list (top-level key, or "body" for a list body). */
export interface Salvaged {
  value: unknown;
  kept: Record<string, number>;
  dropped: Record<string, number>;
}

/** End (exclusive) of the value starting at i: a balanced object/list, a string, or a scalar; -1 if it never ends. */
function valueEnd(t: string, i: number): number {
  const first = t.charCodeAt(i);
  if (first === QUOTE || first === APOS) {
    for (let j = i + 1; j < t.length; j++) {
      const c = t.charCodeAt(j);
      if (c === BACKSLASH) j++;
      else if (c === first) return j + 1;
    }
    return -1;
  }
  if (first !== 123 && first !== 91) {
    let j = i;
    while (j < t.length) {
      const c = t.charCodeAt(j);
      if (c === COMMA || c === 125 || c === 93) break;
      j++;
    }
    return j;
  }
  let depth = 0;
  let quote = 0;
  for (let j = i; j < t.length; j++) {
    const c = t.charCodeAt(j);
    if (quote) {
      if (c === BACKSLASH) j++;
      else if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOS) quote = c;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

function skipSeparators(t: string, i: number): number {
  let j = i;
  while (j < t.length && (isSpace(t.charCodeAt(j)) || t.charCodeAt(j) === COMMA)) j++;
  return j;
}

function parseWellFormed(s: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(s) };
  } catch {
    try {
      return { ok: true, value: JSON.parse(dropEmptyMembers(s)) };
    } catch {
      return { ok: false };
    }
  }
}

/** The well-formed elements of the list whose '[' is at i; returns them and where the list ended. */
function salvageList(t: string, open: number): { items: unknown[]; dropped: number; end: number } {
  const items: unknown[] = [];
  let dropped = 0;
  let i = open + 1;
  for (;;) {
    i = skipSeparators(t, i);
    if (i >= t.length) return { items, dropped, end: t.length };
    if (t.charCodeAt(i) === 93) return { items, dropped, end: i + 1 };
    const end = valueEnd(t, i);
    if (end === -1 || end === i) {
      // An element that never closes: the rest of the list cannot be told apart.
      return { items, dropped: dropped + 1, end: t.length };
    }
    const el = parseWellFormed(t.slice(i, end));
    if (el.ok) items.push(el.value);
    else dropped++;
    i = end;
  }
}

/** Lists whose elements stand alone (legacy status, canonical status, profile), by lower-case key. */
const KNOWN_LISTS: ReadonlySet<string> = new Set([
  'points',
  'iopoints',
  'ekeys',
  'events',
  'stat',
  'positions',
  'sensorvalues',
  'driverkeys',
  'stats',
  'objects',
  'geozones',
  'objecticons',
]);

/**
 * What integrators of this service do with a body nothing can repair: keep each element of
 * each list that is well-formed on its own, drop the rest. The top level is a list (Events,
 * Objects) or an object whose known lists (KNOWN_LISTS) are salvaged one by one; its other
 * members are kept when they parse on their own. Null when the body is neither, or holds no
 * known list: then there is nothing an element could be trusted as.
 */
export function salvage(text: string): Salvaged | null {
  const t = text.trim();
  const kept: Record<string, number> = {};
  const dropped: Record<string, number> = {};
  if (t.charCodeAt(0) === 91) {
    const r = salvageList(t, 0);
    kept.body = r.items.length;
    dropped.body = r.dropped;
    return { value: r.items, kept, dropped };
  }
  if (t.charCodeAt(0) !== 123) return null;
  const out: Record<string, unknown> = {};
  let i = 1;
  let known = false;
  for (;;) {
    i = skipSeparators(t, i);
    if (i >= t.length || t.charCodeAt(i) === 125) break;
    const keyEnd = valueEnd(t, i);
    if (keyEnd === -1 || (t.charCodeAt(i) !== QUOTE && t.charCodeAt(i) !== APOS)) break;
    const key = t.slice(i + 1, keyEnd - 1);
    i = keyEnd;
    while (i < t.length && isSpace(t.charCodeAt(i))) i++;
    if (t.charCodeAt(i) !== 58) break;
    i++;
    while (i < t.length && isSpace(t.charCodeAt(i))) i++;
    if (t.charCodeAt(i) === 91 && KNOWN_LISTS.has(key.toLowerCase())) {
      known = true;
      const r = salvageList(t, i);
      out[key] = r.items;
      kept[key] = r.items.length;
      dropped[key] = r.dropped;
      i = r.end;
    } else {
      const end = valueEnd(t, i);
      if (end === -1 || end === i) break;
      const v = parseWellFormed(t.slice(i, end));
      if (v.ok) out[key] = v.value;
      else dropped[key] = 1;
      i = end;
    }
  }
  return known ? { value: out, kept, dropped } : null;
}

/** How a body that failed JSON.parse was read: the value, and which repair it took. */
export type Repaired = { value: unknown; how: 'empty-members' | 'jsonrepair' } | { value: unknown; how: 'salvaged'; salvaged: Salvaged };

/**
 * The repairs in order: empty members removed, then jsonrepair (quotes, trailing commas,
 * missing brackets), then salvage. Throws the last error when none of them reads the body.
 */
export function repairJson(t: string): Repaired {
  const pre = dropEmptyMembers(t);
  if (pre !== t) {
    try {
      return { value: JSON.parse(pre), how: 'empty-members' };
    } catch {
      /* more than empty members is wrong: go on */
    }
  }
  try {
    return { value: JSON.parse(jsonrepair(pre)), how: 'jsonrepair' };
  } catch (e) {
    const s = salvage(pre);
    if (!s) throw e;
    return { value: s.value, how: 'salvaged', salvaged: s };
  }
}

/** "points 1, events 2" */
export function droppedWords(d: Record<string, number>): string {
  return Object.entries(d)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}
