import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../common/errors';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';

function dispatcher() {
  const d = createDispatcher();
  const seen: unknown[] = [];
  d.register({
    'session/signIn': (a) => {
      seen.push(a);
      return { status: 'signed_out', profiles: [] };
    },
    'session/resume': () => {
      throw new FleetError('not_found', 'That saved connection no longer exists');
    },
    'session/state': () => {
      throw new Error('database exploded at /secret/path');
    },
  });
  return { d, seen };
}

describe('dispatcher', () => {
  it('refuses arguments that do not parse with invalid_input, before the handler runs', async () => {
    const { d, seen } = dispatcher();
    const reply = await d.dispatch({ id: 1, name: 'session/signIn', args: { baseUrl: 'not a url', login: '', password: 5 } });
    expect(reply.type).toBe('error');
    if (reply.type !== 'error') return;
    expect(reply.id).toBe(1);
    expect(reply.error.code).toBe('invalid_input');
    expect(reply.error.message).toMatch(/baseUrl/);
    expect(reply.error.message).toMatch(/password/);
    expect(seen).toEqual([]);
  });

  it('refuses an unknown method with a clear message', async () => {
    const { d } = dispatcher();
    const reply = await d.dispatch({ id: 'a', name: 'objects/explode', args: {} });
    expect(reply).toEqual({ type: 'error', id: 'a', error: { code: 'invalid_input', message: 'Unknown method "objects/explode"' } });
  });

  it('refuses a malformed envelope, keeping the id when there is one', async () => {
    const { d } = dispatcher();
    const noName = await d.dispatch({ id: 7, args: {} });
    expect(noName.type === 'error' && noName.error.code).toBe('invalid_input');
    expect(noName.id).toBe(7);
    const notObject = await d.dispatch('hello');
    expect(notObject).toMatchObject({ type: 'error', id: null, error: { code: 'invalid_input' } });
  });

  it('passes parsed arguments, with defaults applied, to the handler', async () => {
    const { d, seen } = dispatcher();
    const reply = await d.dispatch({ id: 2, name: 'session/signIn', args: { baseUrl: 'https://fleet.example.com', login: ' ann ', password: 'pw' } });
    expect(reply).toEqual({ type: 'reply', id: 2, result: { status: 'signed_out', profiles: [] } });
    expect(seen).toEqual([{ baseUrl: 'https://fleet.example.com', login: 'ann', password: 'pw', remember: false }]);
  });

  it('passes a FleetError code through and hides internal errors', async () => {
    const { d } = dispatcher();
    expect(await d.dispatch({ id: 3, name: 'session/resume', args: { profileId: 'x' } })).toEqual({
      type: 'error',
      id: 3,
      error: { code: 'not_found', message: 'That saved connection no longer exists' },
    });
    const hidden = await d.dispatch({ id: 4, name: 'session/state', args: {} });
    expect(hidden).toMatchObject({ type: 'error', id: 4, error: { code: 'server_error' } });
    expect(JSON.stringify(hidden)).not.toContain('/secret/path');
  });

  it('answers a method that exists in the contract but has no handler here', async () => {
    const { d } = dispatcher();
    const reply = await d.dispatch({ id: 5, name: 'objects/list', args: {} });
    expect(reply).toMatchObject({ type: 'error', error: { code: 'invalid_input', message: expect.stringMatching(/not available/) } });
  });

  it('runs writes one at a time, in order', async () => {
    const d = createDispatcher();
    const log: string[] = [];
    let n = 0;
    d.register({
      'session/useDemo': async () => {
        const me = ++n;
        log.push(`start ${me}`);
        await new Promise((r) => setTimeout(r, 20 - me * 5));
        log.push(`end ${me}`);
        return { status: 'signed_out', profiles: [] };
      },
    });
    await Promise.all([1, 2, 3].map((id) => d.dispatch({ id, name: 'session/useDemo', args: {} })));
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });
});
