/**
 * A pending change cancelled while the replay waited for the serial lock (an events poll
 * retrying on a dead link holds it) is never sent, and the entries queued behind it still are;
 * one cancelled on its way is aborted, without a failure, unless the service already had it.
 * Real cache file; the kind's send is where the request would go out, so it records what went.
 */
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../common/errors';
import { createMutex } from '../../../main/core/sync/mutex';
import { createOutboxReplay, outboxKind } from '../../../main/core/sync/outbox-replay';
import { useTempCaches } from '../cache/helpers';

const t = useTempCaches();

describe('outbox replay and a cancel', () => {
  it('does not send an entry cancelled while it waited for the lock, and sends the rest', async () => {
    const cache = t.open({ dataDir: t.tempDir() });
    const sent: string[] = [];
    const kind = outboxKind<{ name: string }>({
      send: async (p) => void sent.push(p.name),
      delivered: () => {},
      refused: () => {},
    });
    const first = cache.outbox.enqueue('zone', { name: 'first' });
    cache.outbox.enqueue('zone', { name: 'second' });
    const lock = createMutex();
    let release!: () => void;
    // Another holder of the serial chain, still busy when the replay starts.
    const held = lock.run(() => new Promise<void>((r) => (release = r)));
    const replay = createOutboxReplay({ cache, kinds: { zone: kind }, lock, signal: new AbortController().signal, onChange: () => {} });
    const flushed = replay.flush();
    await new Promise((r) => setTimeout(r, 20));
    // The user cancels the first change meanwhile (catalogue/cancelPending discards it).
    cache.outbox.discard(first);
    release();
    await held;
    await flushed;
    expect(sent).toEqual(['second']);
    expect(cache.outbox.counts()).toEqual({ pending: 0, failed: 0 });
  });

  it('aborts an entry cancelled on its way, records no failure, and sends the rest at once', async () => {
    const cache = t.open({ dataDir: t.tempDir() });
    const sent: string[] = [];
    const delivered: string[] = [];
    let started!: () => void;
    const onWay = new Promise<void>((r) => (started = r));
    const kind = outboxKind<{ name: string }>({
      send: (p, signal) => {
        if (p.name !== 'slow') return Promise.resolve(void sent.push(p.name));
        started();
        // However the request ends once aborted (here as a dropped connection, which is retried), nothing is retried.
        return new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(new FleetError('unknown_outcome', 'The connection dropped'))));
      },
      delivered: (p) => void delivered.push(p.name),
      refused: () => {},
    });
    const slow = cache.outbox.enqueue('zone', { name: 'slow' });
    cache.outbox.enqueue('zone', { name: 'behind' });
    const failures: unknown[] = [];
    const replay = createOutboxReplay({ cache, kinds: { zone: kind }, lock: createMutex(), signal: new AbortController().signal, onChange: () => {}, onFailure: (e) => failures.push(e) });
    const flushed = replay.flush();
    await onWay;
    expect(replay.abandon(slow + 1)).toBe(false);
    cache.outbox.discard(slow);
    expect(replay.abandon(slow)).toBe(true);
    await flushed;
    expect(sent).toEqual(['behind']);
    expect(delivered).toEqual(['behind']);
    expect(failures).toEqual([]);
    expect(replay.lastError).toBeNull();
    expect(cache.outbox.counts()).toEqual({ pending: 0, failed: 0 });
  });

  it('keeps the effect of an entry cancelled after the service had it: it landed', async () => {
    const cache = t.open({ dataDir: t.tempDir() });
    const delivered: string[] = [];
    let answer!: () => void;
    let started!: () => void;
    const onWay = new Promise<void>((r) => (started = r));
    // The request's answer is on its way back: the abort no longer stops it.
    const kind = outboxKind<{ name: string }>({
      send: () => {
        started();
        return new Promise<void>((r) => (answer = r));
      },
      delivered: (p) => void delivered.push(p.name),
      refused: () => {},
    });
    const id = cache.outbox.enqueue('zone', { name: 'landed' });
    const replay = createOutboxReplay({ cache, kinds: { zone: kind }, lock: createMutex(), signal: new AbortController().signal, onChange: () => {} });
    const flushed = replay.flush();
    await onWay;
    cache.outbox.discard(id);
    replay.abandon(id);
    answer();
    await flushed;
    expect(delivered).toEqual(['landed']);
    expect(cache.outbox.counts()).toEqual({ pending: 0, failed: 0 });
  });
});
