/**
 * The simulator's own share of a start: its time to produce the bodies the console fetches
 * first, fetched directly over loopback (the whole body read) in the same run. The first
 * round also warms it (today's plans and the feed's events), as a service running for hours is.
 */
import type { Want } from './startup-probe';
import { note, r1 } from './stats';

/**
 * A request sent on a kept-alive socket just as the server closes it, idle past its keep-alive
 * timeout while its loop was held (the simulator building 100,000 objects' plans on a loaded
 * machine), is reset unread: asked once more, on a new socket. Any other failure is the run's.
 */
function resetUnread(e: unknown): boolean {
  const cause = e instanceof Error ? (e.cause as { code?: string } | undefined) : undefined;
  return cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET';
}

/** The simulator's own time to produce a body, fetched as the console does (the whole body read). */
async function timedGet(url: string, token: string, retried = false): Promise<{ ms: number; bytes: number; body: string }> {
  const t0 = performance.now();
  try {
    const r = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    const body = await r.text();
    if (!r.ok) throw new Error(`bench: ${url} answered ${r.status}`);
    return { ms: performance.now() - t0, bytes: Buffer.byteLength(body), body };
  } catch (e) {
    if (retried || !resetUnread(e)) throw e;
    note(`simulator share: ${url} was reset unread; asked again`);
    return timedGet(url, token, true);
  }
}

/** `feed: false` leaves out the event feed (the live map's figures do not wait for it). */
export async function simulatorShare(baseUrl: string, opts: { feed: boolean } = { feed: true }): Promise<{ want: Want; figures: Record<string, number> }> {
  const t = await fetch(`${baseUrl}/api/Token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'admin', Password: 'admin' }) });
  const token = ((await t.json()) as { AccessToken: string }).AccessToken;
  // Twice: the first warms the simulator's plans for today; the second is the share a warm service takes.
  for (let i = 0; ; i++) {
    const status = await timedGet(`${baseUrl}/api/ObjectsStatus`, token);
    const objects = await timedGet(`${baseUrl}/api/Objects`, token);
    const feed = opts.feed ? await timedGet(`${baseUrl}/api/Events/feed`, token) : null;
    if (i === 0) continue;
    const positions = (JSON.parse(status.body) as { Positions: Array<{ Time: number }> }).Positions;
    return {
      want: { objects: (JSON.parse(objects.body) as unknown[]).length, positioned: positions.filter((p) => p.Time !== 0).length },
      figures: {
        simulator_status_body_ms: r1(status.ms),
        simulator_status_body_mb: r1(status.bytes / 1e6),
        simulator_objects_body_ms: r1(objects.ms),
        simulator_objects_body_mb: r1(objects.bytes / 1e6),
        ...(feed ? { simulator_feed_body_ms: r1(feed.ms), simulator_feed_body_mb: r1(feed.bytes / 1e6) } : {}),
      },
    };
  }
}

