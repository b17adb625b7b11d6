/** The page's first step against a test host: trade a launch code for a session, over real HTTP. */
import WebSocket from 'ws';
import { decodeFrame, encodeMessage } from '../../../common/codec';
import type { Host } from '../../../main/host/server';

export async function exchangeCode(host: Host, code: string, origin = host.origin): Promise<Response> {
  return fetch(`${host.origin}/session`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
}

export async function openSession(host: Host): Promise<string> {
  const res = await exchangeCode(host, new URL(host.launchUrl()).searchParams.get('code')!);
  if (!res.ok) throw new Error(`the host refused a fresh launch code: ${res.status}`);
  return ((await res.json()) as { session: string }).session;
}

/** A call over a socket opened with `token`: the reply, or the HTTP status that refused it. */
export function callWith(host: Host, token: string): Promise<unknown> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${encodeURIComponent(token)}`, { headers: { Origin: host.origin } });
    ws.on('unexpected-response', (_req, res) => resolve({ refused: res.statusCode }));
    ws.on('open', () => ws.send(encodeMessage({ id: 1, name: 'connectivity/state', args: {} })));
    ws.on('message', (d) => {
      resolve(decodeFrame(String(d)));
      ws.close();
    });
  });
}
