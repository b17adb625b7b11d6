/**
 * The few browser globals the page's transport reads (renderer/src/rpc/transport.ts), stood
 * in for as they are in a tab opened at a host's link, so page modules run in Node against a
 * real host. Set them before the page module is imported: it connects at import.
 */
import type { Host } from '../../../main/host/server';

const NAMES = ['window', 'location', 'sessionStorage', 'reportError', 'WebSocket', 'fetch'] as const;

export interface PageGlobals {
  /** Every URL the page fetched. */
  fetched: string[];
  /** What the page reported as uncaught (`reportError`). */
  reported: unknown[];
  /** Puts the globals back as they were. */
  restore(): void;
}

export function standInPageGlobals(host: Pick<Host, 'url' | 'origin'>): PageGlobals {
  const g = globalThis as Record<string, unknown>;
  const saved = new Map(NAMES.map((k) => [k, g[k]]));
  const fetched: string[] = [];
  const reported: unknown[] = [];
  const location = new URL(host.url);
  const store = new Map<string, string>();
  const { origin } = host;
  const NodeWebSocket = WebSocket;
  const nodeFetch = fetch;
  Object.assign(g, {
    location,
    window: { location, history: { replaceState: () => {} } },
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    reportError: (e: unknown) => void reported.push(e),
    // A browser adds the page's origin to both, which the host checks.
    WebSocket: class extends NodeWebSocket {
      constructor(url: string | URL) {
        super(url, { headers: { origin } } as unknown as string[]);
      }
    },
    fetch: (input: string, init: RequestInit = {}) => (fetched.push(input), nodeFetch)(new URL(input, origin), { ...init, headers: { ...(init.headers as Record<string, string>), origin } }),
  });
  return {
    fetched,
    reported,
    restore: () => {
      for (const [k, v] of saved) g[k] = v;
    },
  };
}
