/** A client of the browser-mode host's own socket, for the bench: sign-in, diagnostics/stats. */
import { appendFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { decodeFrame } from '../../common/codec';
import type { DiagnosticsStats } from '../../common/methods/diagnostics';
import type { RunningHost } from '../e2e/support/browser-mode';

export async function hostClient(host: RunningHost) {
  // As the page does: the URL's one-time launch code, traded for a session (main/host/launch-code.ts).
  const url = new URL(host.url);
  const res = await fetch(`${host.origin}/session`, { method: 'POST', headers: { origin: host.origin, 'content-type': 'application/json' }, body: JSON.stringify({ code: url.searchParams.get('code') }) });
  if (!res.ok) throw new Error(`the host refused the bench's launch code: HTTP ${res.status} ${await res.text()}`);
  const { session } = (await res.json()) as { session: string };
  const ws = new WebSocket(`ws://${url.host}/rpc?token=${encodeURIComponent(session)}`, { headers: { origin: host.origin } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.on('close', (code, reason) => {
    for (const p of pending.values()) p.reject(new Error(`the host closed the bench's socket (${code} ${String(reason)})`));
    pending.clear();
  });
  ws.on('message', (d, binary) => {
    const m = decodeFrame(binary ? (d as Buffer) : String(d)) as { type: string; id?: number; result?: unknown; error?: { code: string; message: string } };
    if (m.type === 'push' || typeof m.id !== 'number') return;
    const p = pending.get(m.id);
    pending.delete(m.id);
    // An error reply must end the call: left pending, it would hang the whole run.
    if (m.type === 'error') p?.reject(new Error(`host: ${m.error?.code} ${m.error?.message}`));
    else p?.resolve(m.result);
  });
  return {
    call: <T>(name: string, args: object) =>
      new Promise<T>((resolve, reject) => {
        const n = ++id;
        pending.set(n, { resolve: (v) => resolve(v as T), reject });
        ws.send(JSON.stringify({ id: n, name, args }));
      }),
    close: () => ws.close(),
  };
}

export type HostClient = Awaited<ReturnType<typeof hostClient>>;

/** Samples the host's event loop once a second (each sample its worst stall in that second) until `stop`. */
export async function startStallSampler(client: HostClient) {
  await client.call('diagnostics/stats', { reset: true });
  const out = { stalls: [] as number[], held: [] as number[], loopP99: [] as number[], threadCpu: [] as number[], threadQueued: [] as number[] };
  const timer = setInterval(() => {
    void client.call<DiagnosticsStats>('diagnostics/stats', { reset: true }).then((s) => {
      out.stalls.push(s.eventLoop.max);
      if (s.loopHeld) out.held.push(s.loopHeld.max);
      out.loopP99.push(s.eventLoop.p99);
      if (s.thread) {
        out.threadCpu.push(s.thread.cpuMs);
        out.threadQueued.push(s.thread.queuedMs);
      }
    });
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return out;
    },
  };
}

/**
 * The largest V8 heap (its total, bytes) each of the host's threads reached, the main thread's
 * and each worker's by its name, sampled once a second until `stop`: where the host's memory went.
 * With `BENCH_HEAP_LOG=FILE`, every sample is also a line of FILE (JSON: seconds from the start,
 * the host's RSS and each thread's used and total heap, MB): when it went there.
 */
export function startHeapSampler(client: HostClient): { stop(): Map<string, number> } {
  const peak = new Map<string, number>();
  const seen = (name: string, bytes: number) => peak.set(name, Math.max(peak.get(name) ?? 0, bytes));
  const logFile = process.env.BENCH_HEAP_LOG;
  const t0 = Date.now();
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const heapMb = (h: { heapUsed: number; heapTotal: number }) => [mb(h.heapUsed), mb(h.heapTotal)];
  const timer = setInterval(() => {
    void client.call<DiagnosticsStats>('diagnostics/stats', { reset: false }).then(
      (s) => {
        seen('main thread', s.memory.heapTotal);
        for (const t of s.threads) seen(t.name, t.heapTotal);
        if (logFile) {
          const threads = Object.fromEntries([['main thread', heapMb(s.memory)], ...s.threads.map((t) => [t.name, heapMb(t)])]);
          appendFileSync(logFile, `${JSON.stringify({ s: (Date.now() - t0) / 1000, rss: mb(s.memory.rss), ...threads })}\n`);
        }
      },
      () => {},
    );
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
