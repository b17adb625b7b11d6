import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/core/api/errors';
import { createConnectivity } from '../../../main/core/sync/connectivity';

const refused = () => new ApiError('offline', 'GET /api/ObjectsStatus: connection refused', { endpoint: 'GET /api/ObjectsStatus' });
const dropped = () => new ApiError('unknown_outcome', 'GET /api/Events: the connection dropped', { endpoint: 'GET /api/Events' });

describe('knownOffline: what the header calls offline, reports, history and commands treat as offline', () => {
  it('is false at the start, when nothing has failed yet', () => {
    const c = createConnectivity(() => {});
    expect(c.knownOffline()).toBe(false);
  });

  it('is true once the judged link is offline, though the last failure left the state degraded', () => {
    let t = 1_000;
    const c = createConnectivity(() => {}, () => t);
    c.ok('status');
    // A poll in flight when the service went away: its connection dropped, a failure that is not "no answer".
    c.fail('events', dropped());
    expect(c.state().state).toBe('degraded');
    expect(c.knownOffline()).toBe(false);
    // The next poll's attempts are refused: its retries take the judged link offline before the poll gives up.
    for (let i = 0; i < 3; i++) {
      t += 500;
      c.retried(refused());
    }
    expect(c.state().link?.state).toBe('offline');
    expect(c.state().state).toBe('degraded');
    expect(c.knownOffline()).toBe(true);
    // The first answer ends it.
    c.ok('status');
    expect(c.knownOffline()).toBe(false);
  });

  it('is true after two refused polls in a row', () => {
    const c = createConnectivity(() => {});
    c.fail('status', refused());
    c.fail('status', refused());
    expect(c.state().state).toBe('offline');
    expect(c.knownOffline()).toBe(true);
  });
});
