/**
 * Body text → JSON value: JSON first; a JSON string that wraps JSON unwrapped; only when
 * JSON.parse fails, the repairs of json-repair.ts, each logged; a body none of them reads is
 * "The service's answer could not be read: <endpoint> (…)". README.md "Tolerance rules" 1.
 */
import { FleetError } from '../../../common/errors';
import { DEFAULT_BODY_LIMITS, tooDeep, withinDepth } from './body-limits';
import { droppedWords, repairJson, type Repaired } from './json-repair';

export interface ApiLog {
  warn(message: string, meta?: Record<string, unknown>): void;
  debug?(message: string, meta?: Record<string, unknown>): void;
}

/**
 * How a body had to be repaired: null (valid JSON), 'syntax' (empty members, quotes,
 * commas…), 'salvaged' (only its well-formed list elements kept), 'truncated' (cut short).
 */
export type Repair = null | 'syntax' | 'salvaged' | 'truncated';

/** The words of a body that no repair could read: plain, with the endpoint (shown as the connection's problem). */
export function unreadable(endpoint: string, why: string, cause?: unknown): FleetError {
  return new FleetError('server_error', `The service's answer could not be read: ${endpoint} (${why})`, cause !== undefined ? { cause } : {});
}

/**
 * Body text → JSON value. Empty body → undefined. A JSON string whose content is itself
 * JSON (object/array) is unwrapped (up to 3 levels). Almost-JSON is repaired with a warning.
 * A plain-text body that is not JSON at all is returned as the string itself, so the parser
 * of the endpoint decides (a bare token, for instance). Bodies with control characters
 * (binary garbage) are not repaired: server_error.
 */
export function decodeBody(text: string, endpoint: string, log?: ApiLog): unknown {
  return decodeBodyDetailed(text, endpoint, log).value;
}

export function decodeBodyDetailed(text: string, endpoint: string, log?: ApiLog): { value: unknown; repaired: Repair } {
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t === '') return { value: undefined, repaired: null };
  let value: unknown;
  let repaired: Repair = null;
  try {
    value = JSON.parse(t);
  } catch {
    if (!looksLikeJson(t)) return { value: t, repaired: null };
    const r = repairBody(t, endpoint, log);
    value = r.value;
    repaired = r.repaired;
  }
  const inner = unwrapJsonString(value, endpoint, log);
  return { value: inner.value, repaired: repaired ?? inner.repaired };
}

/** Only after JSON.parse failed: the well-formed body of 50,000 objects never comes here. */
function repairBody(t: string, endpoint: string, log?: ApiLog): { value: unknown; repaired: Repair } {
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(t)) throw unreadable(endpoint, 'it is not JSON: it holds binary data');
  let r: Repaired;
  try {
    r = repairJson(t);
  } catch (e) {
    throw unreadable(endpoint, 'it is not JSON, even after repair', e);
  }
  const truncated = isTruncated(t);
  if (r.how === 'salvaged') {
    const { kept, dropped } = r.salvaged;
    log?.warn(`${endpoint}: the answer was not valid JSON; kept its well-formed elements and dropped ${droppedWords(dropped) || 'nothing'}`, {
      endpoint,
      kept,
      dropped,
    });
    return { value: r.value, repaired: truncated ? 'truncated' : 'salvaged' };
  }
  const repaired = truncated ? 'truncated' : 'syntax';
  log?.warn(`${endpoint}: the response body was not valid JSON${truncated ? ' (cut short)' : ''}; repaired it`, { endpoint, length: t.length, repaired });
  return { value: r.value, repaired };
}

/** True when brackets or a string are still open at the end of the text. */
export function isTruncated(t: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return quote !== null || depth > 0;
}

function looksLikeJson(t: string): boolean {
  const c = t[0];
  return c === '{' || c === '[' || c === '"' || c === "'";
}

/** A JSON string whose content is JSON (a double-encoded body), decoded and repaired like the body itself. */
function unwrapJsonString(value: unknown, endpoint: string, log?: ApiLog): { value: unknown; repaired: Repair } {
  let v = value;
  let repaired: Repair = null;
  for (let i = 0; i < 3 && typeof v === 'string'; i++) {
    const inner = v.trim();
    if (!(inner.startsWith('{') || inner.startsWith('[') || inner.startsWith('"'))) break;
    // Its nesting was hidden inside a string from the check made while reading (body-limits.ts).
    if (!withinDepth(inner, DEFAULT_BODY_LIMITS.maxDepth)) throw tooDeep(endpoint, DEFAULT_BODY_LIMITS.maxDepth);
    try {
      v = JSON.parse(inner);
    } catch {
      const r = repairBody(inner, endpoint, log);
      v = r.value;
      repaired = r.repaired;
    }
  }
  return { value: v, repaired };
}
