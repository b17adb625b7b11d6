import { describe, expect, it } from 'vitest';
import { useTempCaches } from './helpers';

const t = useTempCaches();

describe('outbox', () => {
  it('survives close and reopen and keeps order', () => {
    const dataDir = t.tempDir();
    const c1 = t.open({ dataDir, now: () => 42 });
    const ids = [
      c1.outbox.enqueue('events/ack', { ids: [1, 2] }),
      c1.outbox.enqueue('objects/update', { Id: 5, Name: 'x' }),
      c1.outbox.enqueue('events/ack', { ids: [3] }),
    ];
    expect(ids[0]! < ids[1]! && ids[1]! < ids[2]!).toBe(true);
    expect(c1.db.pragma('synchronous', { simple: true })).toBe(1); // back to NORMAL after the FULL commit
    c1.close();

    const c2 = t.open({ dataDir });
    const pending = c2.outbox.pending();
    expect(pending.map((e) => [e.id, e.kind, e.payload])).toEqual([
      [ids[0], 'events/ack', { ids: [1, 2] }],
      [ids[1], 'objects/update', { Id: 5, Name: 'x' }],
      [ids[2], 'events/ack', { ids: [3] }],
    ]);
    expect(pending[0]).toMatchObject({ state: 'pending', attempts: 0, lastError: null, createdAt: 42 });

    c2.outbox.markDone(ids[0]!);
    c2.outbox.markFailed(ids[1]!, 'timeout', true);
    c2.outbox.markFailed(ids[2]!, 'forbidden', false);
    c2.close();

    const c3 = t.open({ dataDir });
    expect(c3.outbox.pending().map((e) => [e.id, e.attempts, e.lastError])).toEqual([[ids[1], 1, 'timeout']]);
    expect(c3.outbox.failed().map((e) => e.id)).toEqual([ids[2]]);
    expect(c3.outbox.counts()).toEqual({ pending: 1, failed: 1 });
    c3.outbox.retry(ids[2]!);
    expect(c3.outbox.pending().map((e) => e.id)).toEqual([ids[1], ids[2]]);
    const next = c3.outbox.enqueue('events/ack', { ids: [9] });
    expect(next).toBeGreaterThan(ids[2]!); // ids never reused
    expect(c3.integrityCheck()).toBe('ok');
  });

  it('enqueues together with event flags in one transaction', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.events.replaceUnacknowledged([{ Id: 1, ObjectId: 1, Time: 1, Type: 1 }], 1);
    c.transaction(() => {
      c.outbox.enqueue('events/ack', { ids: [1] });
      c.events.markAckPending([1]);
    });
    expect(c.events.get(1)).toMatchObject({ acknowledged: false, ackPending: true });
    expect(c.outbox.pending()).toHaveLength(1);
    expect(() =>
      c.transaction(() => {
        c.outbox.enqueue('events/ack', { ids: [2] });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(c.outbox.pending()).toHaveLength(1);
  });
});
