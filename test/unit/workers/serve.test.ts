/**
 * The worker side of the protocol over a real MessageChannel: each request answered by its
 * role's handler, an unknown one answered with an error, and `afterFirst` run once, after
 * the first answer (of `firstKind`, when named) is posted (the ingest worker steps its
 * priority down after its first snapshot).
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { serveWorker } from '../../../main/core/workers/serve';
import type { Message } from '../../../main/core/workers/protocol';

type Map = { echo: Message<{ text: string }, string>; boom: Message<Record<string, never>, never> };

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((p) => p.close()));

function serve(afterFirst: () => void, firstKind?: string) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const seen: string[] = [];
  serveWorker<Map>(port1, 'test worker', {
    handlers: {
      echo: ({ text }) => {
        seen.push(`handled ${text}`);
        return text.toUpperCase();
      },
      boom: () => {
        throw new Error('no');
      },
    },
    afterFirst: () => {
      seen.push('afterFirst');
      afterFirst();
    },
    ...(firstKind ? { firstKind } : {}),
  });
  const replies: unknown[] = [];
  port2.on('message', (m) => {
    seen.push(`replied ${(m as { id: number }).id}`);
    replies.push(m);
  });
  const until = (n: number) => new Promise<void>((resolve) => {
    const check = () => (replies.length >= n ? resolve() : setTimeout(check, 5));
    check();
  });
  return { port: port2, seen, replies, until };
}

describe('serveWorker', () => {
  it('runs afterFirst once, after the first answer is posted, and never again', async () => {
    let calls = 0;
    const w = serve(() => calls++);
    w.port.postMessage({ id: 1, kind: 'echo', text: 'a' });
    w.port.postMessage({ id: 2, kind: 'echo', text: 'b' });
    await w.until(2);
    expect(calls).toBe(1);
    expect(w.seen.indexOf('afterFirst')).toBeGreaterThan(w.seen.indexOf('handled a'));
    expect(w.seen.indexOf('afterFirst')).toBeLessThan(w.seen.indexOf('handled b'));
    expect(w.replies).toEqual([{ id: 1, result: 'A' }, { id: 2, result: 'B' }]);
  });

  it('with a kind named, runs afterFirst after the first answer of that kind, not before', async () => {
    let calls = 0;
    const w = serve(() => calls++, 'boom');
    w.port.postMessage({ id: 1, kind: 'echo', text: 'a' });
    await w.until(1);
    expect(calls).toBe(0);
    w.port.postMessage({ id: 2, kind: 'boom' });
    w.port.postMessage({ id: 3, kind: 'boom' });
    await w.until(3);
    expect(calls).toBe(1);
  });

  it('counts a failed first request as the first answer, and answers an unknown message with an error', async () => {
    let calls = 0;
    const w = serve(() => calls++);
    w.port.postMessage({ id: 7, kind: 'boom' });
    w.port.postMessage({ id: 8, kind: 'nope' });
    await w.until(2);
    expect(calls).toBe(1);
    expect(w.replies[0]).toMatchObject({ id: 7, error: { message: 'no' } });
    expect(w.replies[1]).toMatchObject({ id: 8, error: { message: 'The test worker has no message "nope"' } });
  });
});
