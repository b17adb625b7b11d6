import { afterAll, describe, expect, it, vi } from 'vitest';
import { methods } from '../../../common/contract';
import { DEFAULT_DEADLINE_MS, HISTORY_DEADLINE_MS, WRITES } from '../../../renderer/src/rpc/deadline';

/**
 * The page's calls over a bridge whose replies are lost (a dropped frame): each call must
 * still settle, with a clear error, after its method's deadline.
 */
const answered = new Set(['tiles/config']);
const bridge = {
  rpc: (env: { id: number; name: string }) => (answered.has(env.name) ? Promise.resolve({ type: 'reply', id: env.id, result: { ok: true } }) : new Promise(() => {})),
  onPush: () => () => {},
};
(globalThis as { window?: unknown }).window = { fleet: bridge };
// By a computed path: the node typecheck has no DOM types for the transport it imports.
const CLIENT = '../../../renderer/src/rpc/client';
const { rpc, RpcError } = (await import(/* @vite-ignore */ CLIENT)) as {
  rpc: (name: string, args: unknown) => Promise<unknown>;
  RpcError: new (...a: never[]) => Error;
};

describe('rpc deadlines', () => {
  vi.useFakeTimers();
  afterAll(() => vi.useRealTimers());

  it('lists exactly the contract’s writes', () => {
    const writes = Object.entries(methods).filter(([, m]) => m.write).map(([n]) => n).sort();
    expect([...WRITES].sort()).toEqual(writes);
  });

  it('rejects a read that got no reply after the default deadline, saying so', async () => {
    const p = rpc('objects/list', {});
    const seen = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_DEADLINE_MS);
    const e = await seen;
    expect(e).toBeInstanceOf(RpcError);
    expect(e).toMatchObject({ code: 'offline', message: expect.stringMatching(/did not answer objects\/list within 1 min/) });
  });

  it('reports a write without a reply as of unknown outcome, not as failed', async () => {
    const seen = rpc('events/ack', { ids: [1] }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_DEADLINE_MS);
    expect(await seen).toMatchObject({ code: 'unknown_outcome' });
  });

  it('gives a history load its longer deadline', async () => {
    let settled = false;
    const seen = rpc('history/load', { objectId: 1, from: 0, till: 1 }).catch((e: unknown) => {
      settled = true;
      return e;
    });
    await vi.advanceTimersByTimeAsync(DEFAULT_DEADLINE_MS);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(HISTORY_DEADLINE_MS - DEFAULT_DEADLINE_MS);
    expect(await seen).toMatchObject({ code: 'offline', message: expect.stringMatching(/history\/load within 10 min/) });
  });

  it('returns a reply that comes in time', async () => {
    await expect(rpc('tiles/config', {})).resolves.toEqual({ ok: true });
  });
});
