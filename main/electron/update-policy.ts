/**
 * Whether the packaged app asks an update feed at all. Off unless the operator switches it
 * on: a fleet console often runs where outgoing traffic is watched, and an update must not
 * land mid-shift unasked. Plain data in, a decision out (no electron), so tests run it.
 */
export type UpdateDecision = { check: true; feedUrl: string | null } | { check: false; reason: string };

const ON = new Set(['1', 'on', 'true', 'yes']);

export function updateDecision(input: { env: NodeJS.ProcessEnv; isPackaged: boolean }): UpdateDecision {
  const { env, isPackaged } = input;
  if (!ON.has((env.FLEET_UPDATES ?? '').trim().toLowerCase())) {
    return { check: false, reason: 'updates are off (FLEET_UPDATES=1 switches them on)' };
  }
  // A development run has no app-update.yml and nothing to replace.
  if (!isPackaged) return { check: false, reason: 'not a packaged build' };
  const raw = env.FLEET_UPDATE_URL?.trim();
  if (!raw) return { check: true, feedUrl: null };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { check: false, reason: `FLEET_UPDATE_URL is not an address: ${raw}` };
  }
  // Updates are code the app will run: only over https (http only to this computer, for a local mirror).
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { check: false, reason: `FLEET_UPDATE_URL must be https: ${raw}` };
  }
  return { check: true, feedUrl: url.href };
}
