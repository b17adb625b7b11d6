import { describe, expect, it } from 'vitest';
import { ApiError, errorForStatus } from '../../../main/core/api/errors';
import { failureWords } from '../../../main/core/sync/failure-words';

describe('a failed delivery in an operator’s words', () => {
  const endpoint = 'POST /api/Events/ack';

  it('says the status and the service’s own words, or the plain meaning of the status', () => {
    expect(failureWords(errorForStatus(endpoint, 500, '{"Message":"Internal error"}', 'application/json'))).toBe('the service answered 500 (Internal error)');
    expect(failureWords(errorForStatus(endpoint, 503, '', null))).toBe('the service answered 503 (the server failed)');
    expect(failureWords(errorForStatus(endpoint, 403, 'Not allowed to acknowledge', 'text/plain'))).toBe('the service answered 403 (Not allowed to acknowledge)');
  });

  it('leaves the endpoint out of a network failure', () => {
    expect(failureWords(new ApiError('offline', `${endpoint}: connection refused`, { endpoint }))).toBe('connection refused');
    expect(failureWords(new ApiError('offline', `${endpoint}: no answer within 30 s`, { endpoint }))).toBe('no answer within 30 s');
    expect(failureWords(new Error('disk full'))).toBe('disk full');
    expect(failureWords('odd')).toBe('odd');
  });
});
