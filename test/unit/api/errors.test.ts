import { describe, expect, it } from 'vitest';
import { codeForStatus, errorForStatus, extractServerMessage, failedBeforeSending, parseRetryAfter } from '../../../main/core/api/errors';
import { extractToken, tokenExpiry } from '../../../main/core/api/auth';

describe('extractServerMessage', () => {
  it.each([
    ['JSON Message (the fleet service)', '{"Message":"Interval exceeds one month"}', 'application/json', 'Interval exceeds one month'],
    ['JSON message', '{"message":"Object not found"}', 'application/json', 'Object not found'],
    ['JSON errorMessage', '{"errorMessage":"Wrong password","code":17}', 'application/json', 'Wrong password'],
    ['problem details title+detail', '{"type":"about:blank","title":"Bad Request","detail":"From must be before Till","status":400}', 'application/problem+json', 'Bad Request: From must be before Till'],
    ['validation errors', '{"title":"One or more validation errors occurred.","errors":{"ObjectIds":["The field is required."]}}', 'application/problem+json', 'One or more validation errors occurred. (ObjectIds: The field is required.)'],
    ['error string', '{"error":"invalid_grant","error_description":"Bad credentials"}', 'application/json', 'Bad credentials'],
    ['JSON-string-wrapped', '"{\\"Message\\":\\"Wrapped\\"}"', 'application/json', 'Wrapped'],
    ['plain text', 'Too many requests, slow down\n', 'text/plain', 'Too many requests, slow down'],
    ['HTML page: title only, never the markup', '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>nginx</h1><script>x()</script></body></html>', 'text/html', '502 Bad Gateway'],
    ['HTML without title', '<html><body>oops</body></html>', 'text/html', undefined],
    ['empty', '', null, undefined],
  ])('%s', (_name, body, ct, expected) => {
    expect(extractServerMessage(body, ct)).toBe(expected);
  });

  it('clips long messages', () => {
    expect(extractServerMessage('x'.repeat(2000), 'text/plain')!.length).toBeLessThanOrEqual(300);
  });
});

describe('errorForStatus', () => {
  it('maps status codes to the fixed codes', () => {
    expect([401, 403, 404, 400, 422, 429, 500, 503].map(codeForStatus)).toEqual([
      'unauthorized', 'forbidden', 'not_found', 'invalid_input', 'invalid_input', 'rate_limited', 'server_error', 'server_error',
    ]);
  });
  it('puts endpoint, server message and status in the message and keeps them as fields', () => {
    const e = errorForStatus('POST /api/ObjectsHistory', 400, '{"Message":"Interval exceeds one month"}', 'application/json');
    expect(e.code).toBe('invalid_input');
    expect(e.message).toBe('POST /api/ObjectsHistory: Interval exceeds one month (HTTP 400)');
    expect(e.status).toBe(400);
    expect(e.serverMessage).toBe('Interval exceeds one month');
  });
  it('falls back to words when the server said nothing useful', () => {
    const e = errorForStatus('GET /api/Objects', 502, '<html><body>bad</body></html>', 'text/html');
    expect(e.message).toBe('GET /api/Objects: the server failed (HTTP 502)');
    expect(e.message).not.toContain('<');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3);
    const now = Date.UTC(2024, 0, 1, 0, 0, 0);
    expect(parseRetryAfter('Mon, 01 Jan 2024 00:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Sun, 31 Dec 2023 00:00:05 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('network failures', () => {
  it('connection refused is known not to have sent anything; a reset is not', () => {
    const refused = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const agg = new TypeError('fetch failed', { cause: Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {}) });
    const reset = new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    expect(failedBeforeSending(refused)).toBe(true);
    expect(failedBeforeSending(agg)).toBe(true);
    expect(failedBeforeSending(reset)).toBe(false);
  });
});

describe('token bodies', () => {
  const jwt = (exp?: number) =>
    `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(exp === undefined ? { sub: 'demo' } : { sub: 'demo', exp })).toString('base64url')}.sig`;
  it.each([
    [{ AccessToken: 'abc' }, 'abc'],
    [{ access_token: 'abc', token_type: 'bearer', expires_in: 3600 }, 'abc'],
    [{ token: 'abc' }, 'abc'],
    [{ Data: { accessToken: 'abc' } }, 'abc'],
    ['abc', 'abc'],
    ['Bearer abc', 'abc'],
  ])('%j', (body, token) => {
    expect(extractToken(body)?.token).toBe(token);
  });
  it('rejects bodies without a token', () => {
    expect(extractToken({ Message: 'nope' })).toBeNull();
    expect(extractToken('Access denied for user')).toBeNull();
  });
  it('reads exp from a JWT', () => {
    expect(tokenExpiry(jwt(1718000000))).toBe(1718000000000);
    expect(tokenExpiry(jwt())).toBeNull();
    expect(tokenExpiry('not-a-jwt')).toBeNull();
  });
});
