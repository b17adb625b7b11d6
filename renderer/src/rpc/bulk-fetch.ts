/**
 * A big reply's bytes, fetched by a worker of the page (browser mode, decision 0081). A fetch
 * made on the main thread is taken in there a slice per task: at a launch, the list's and the
 * positions' 8 MB waited a quarter of a second behind the page drawing its first screen. Where
 * no worker runs (no Worker in this page, its script failed to load), the page fetches them
 * itself, as before.
 */
import type { BulkFetchReply, BulkFetchRequest, FetchedBytes } from './bulk-fetch-protocol';
import { fetchStatusAndBytes } from './bulk-fetch-serve';

interface Waiting {
  url: string;
  signal: AbortSignal;
  resolve: (r: FetchedBytes) => void;
  reject: (e: unknown) => void;
  forget: () => void;
}

/** undefined: not started yet; null: none, the page fetches itself. */
let worker: Worker | null | undefined;
let seq = 0;
const waiting = new Map<number, Waiting>();

/** Starts the worker before the first fetch, so its start is not on that fetch's way. */
export function prepareBulkFetch(): void {
  workerOf();
}

/** `url`'s status and, for a 200, its bytes; rejects as fetch does (no answer, `signal` aborted). */
export function fetchBytes(url: string, signal: AbortSignal): Promise<FetchedBytes> {
  const w = workerOf();
  if (!w) return fetchStatusAndBytes(url, signal);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const id = ++seq;
    const onAbort = () => {
      waiting.delete(id);
      w.postMessage({ type: 'abort', seq: id } satisfies BulkFetchRequest);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    waiting.set(id, { url, signal, resolve, reject, forget: () => signal.removeEventListener('abort', onAbort) });
    w.postMessage({ type: 'fetch', seq: id, url } satisfies BulkFetchRequest);
  });
}

function workerOf(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined') return null;
  try {
    const w = new Worker(new URL('./bulk-fetch.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<BulkFetchReply>) => settle(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      giveUpWorker();
    };
    worker = w;
  } catch {
    // No worker here: `worker` stays null and the page fetches itself.
  }
  return worker;
}

function settle(r: BulkFetchReply): void {
  const w = waiting.get(r.seq);
  // Aborted meanwhile: its caller has its answer already.
  if (!w) return;
  waiting.delete(r.seq);
  w.forget();
  if ('error' in r) w.reject(new Error(r.error));
  else w.resolve({ status: r.status, body: r.body });
}

/** The worker failed: what it held, and everything after, is fetched here. */
function giveUpWorker(): void {
  worker?.terminate();
  worker = null;
  const left = [...waiting.values()];
  waiting.clear();
  for (const w of left) {
    w.forget();
    fetchStatusAndBytes(w.url, w.signal).then(w.resolve, w.reject);
  }
}
