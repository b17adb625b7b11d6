/**
 * What the bulk-fetch worker does with the page's messages: fetch each URL and answer its
 * status and, for a 200, its bytes, transferred rather than copied; an abort stops its fetch.
 * Apart from the worker's global scope, so it runs as well in a test against a real server.
 */
import type { BulkFetchReply, BulkFetchRequest, FetchedBytes } from './bulk-fetch-protocol';

export type PostReply = (reply: BulkFetchReply, transfer: ArrayBuffer[]) => void;

/** `url`'s status and, for a 200, its bytes: what the worker answers, and what the page fetches without one. */
export async function fetchStatusAndBytes(url: string, signal: AbortSignal): Promise<FetchedBytes> {
  const res = await fetch(url, { cache: 'no-store', signal });
  if (res.status !== 200) {
    // Not read: a 204 has nothing, an error's words are the status's.
    void res.body?.cancel().catch(() => {});
    return { status: res.status, body: null };
  }
  return { status: 200, body: await res.arrayBuffer() };
}

export function bulkFetchServer(post: PostReply): (m: BulkFetchRequest) => void {
  const running = new Map<number, AbortController>();
  const run = async (seq: number, url: string, stop: AbortController) => {
    try {
      const { status, body } = await fetchStatusAndBytes(url, stop.signal);
      post({ seq, status, body }, body ? [body] : []);
    } catch (e) {
      post({ seq, error: e instanceof Error ? e.message : String(e) }, []);
    } finally {
      running.delete(seq);
    }
  };
  return (m) => {
    if (m.type === 'abort') return running.get(m.seq)?.abort();
    const stop = new AbortController();
    running.set(m.seq, stop);
    void run(m.seq, m.url, stop);
  };
}
