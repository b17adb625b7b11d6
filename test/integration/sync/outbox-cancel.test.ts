/**
 * A pending change cancelled while the replay waited for the serial lock (an events poll
 * retrying on a dead link holds it) is never sent, and the entries queued behind it still are.
 * Real cache file; the kind's send is where the request would go out, so it records what went.
 */
import { describe, expect, it } from 'vitest';
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
});
