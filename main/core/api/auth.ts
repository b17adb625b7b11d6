/**
 * POST /api/Token. Kept outside `createHttp` on purpose: the HTTP client calls back into
 * the session (onUnauthorized) which calls this, so it must not need a token itself.
 */
import { decodeJwt } from 'jose';
import { FleetError } from '../../../common/errors';
import { BodyLimitError, boundFor, chunksText, DEFAULT_BODY_LIMITS, readBounded } from './body-limits';
import { ApiError, describeNetworkError, errorForStatus } from './errors';
import { buildUrl } from './http';
import { decodeBody, type ApiLog } from './tolerant';

export interface SignInResult {
  token: string;
  /** Unix ms when the token stops working (JWT `exp`), null when the server does not say. */
  expiresAt: number | null;
}

export interface SignInOptions {
  timeoutMs?: number;
  log?: ApiLog;
}

const ENDPOINT = 'POST /api/Token';
export const WRONG_PASSWORD = 'Wrong login or password.';

/** "fleet.example.com:443", the port always shown (a wrong port is the usual mistake). */
export function hostAndPort(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
}
const TOKEN_KEYS = ['accesstoken', 'access_token', 'token', 'jwt', 'bearer', 'id_token', 'idtoken'];

/** Token body → token string: {AccessToken}, {access_token}, {token}, {Data:{…}}, or a bare string. */
export function extractToken(raw: unknown): { token: string; expiresInS?: number } | null {
  if (typeof raw === 'string') {
    const t = raw.trim().replace(/^Bearer\s+/i, '');
    return t !== '' && !/\s/.test(t) ? { token: t } : null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const entries = Object.entries(raw as Record<string, unknown>);
  const lower = new Map(entries.map(([k, v]) => [k.toLowerCase(), v]));
  for (const k of TOKEN_KEYS) {
    const v = lower.get(k);
    if (typeof v === 'string' && v.trim() !== '') {
      const exp = lower.get('expires_in') ?? lower.get('expiresin');
      const expiresInS = typeof exp === 'number' ? exp : typeof exp === 'string' && /^\d+$/.test(exp) ? Number(exp) : undefined;
      return { token: v.trim().replace(/^Bearer\s+/i, ''), ...(expiresInS !== undefined ? { expiresInS } : {}) };
    }
  }
  // Wrapped: {Data: {...}} / {result: "..."}
  for (const k of ['data', 'result', 'value']) {
    const v = lower.get(k);
    if (v !== undefined) {
      const inner = extractToken(v);
      if (inner) return inner;
    }
  }
  return null;
}

/** JWT `exp` (seconds) → Unix ms; null when the token is not a JWT or has no exp. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export async function signIn(
  fetchImpl: typeof fetch,
  baseUrl: string,
  login: string,
  password: string,
  options: SignInOptions = {},
): Promise<SignInResult> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  let url: string;
  try {
    url = buildUrl(baseUrl, '/api/Token');
  } catch (e) {
    throw new FleetError('invalid_input', `The server address "${baseUrl}" is not a valid URL`, { cause: e });
  }
  let res: Response;
  let text: string;
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ UserName: login, Password: password }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = chunksText(await readBounded(res, boundFor(DEFAULT_BODY_LIMITS, ENDPOINT, '/api/Token', true)));
  } catch (e) {
    if (e instanceof BodyLimitError) throw e;
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    // The person typed an address, not an endpoint: name the host and port they can check.
    const where = hostAndPort(url);
    const words = timedOut
      ? `${where} did not answer within ${Math.round(timeoutMs / 1000)} s: check the address.`
      : `Cannot reach ${where}: check the address.`;
    throw new ApiError('offline', words, { endpoint: ENDPOINT, cause: new Error(describeNetworkError(e), { cause: e }) });
  }
  const ct = res.headers.get('content-type');
  if (!res.ok) {
    // A wrong password comes back as 400, 401 or 403 depending on the server.
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      // The server's own words ("Invalid credentials", a stack trace) stay in serverMessage for the log.
      const err = errorForStatus(ENDPOINT, res.status, text, ct, { code: 'unauthorized' });
      throw new ApiError('unauthorized', WRONG_PASSWORD, {
        endpoint: ENDPOINT,
        status: res.status,
        ...(err.serverMessage ? { serverMessage: err.serverMessage } : {}),
      });
    }
    throw errorForStatus(ENDPOINT, res.status, text, ct);
  }
  const raw = decodeBody(text, ENDPOINT, options.log);
  const found = extractToken(raw);
  if (!found) throw new ApiError('server_error', `${ENDPOINT}: the answer holds no access token`, { endpoint: ENDPOINT, status: res.status });
  const exp = tokenExpiry(found.token);
  return {
    token: found.token,
    expiresAt: exp ?? (found.expiresInS !== undefined ? Date.now() + found.expiresInS * 1000 : null),
  };
}
