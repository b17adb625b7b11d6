/** The page's first step against a test host: trade a launch code for a session, over real HTTP. */
import type { Host } from '../../../main/host/server';

export async function exchangeCode(host: Host, code: string, origin = host.origin): Promise<Response> {
  return fetch(`${host.origin}/session`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
}

export async function openSession(host: Host): Promise<string> {
  const res = await exchangeCode(host, new URL(host.launchUrl()).searchParams.get('code')!);
  if (!res.ok) throw new Error(`the host refused a fresh launch code: ${res.status}`);
  return ((await res.json()) as { session: string }).session;
}
