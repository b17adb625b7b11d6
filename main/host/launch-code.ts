/**
 * Browser mode's credentials. The URL a user is given carries a one-time launch code, not a
 * lasting secret: it lands in `ps`, the shell's history and the browser's history, so it must
 * be worth nothing once the page has exchanged it (once, within 60 s) for a session token the
 * tab keeps in sessionStorage.
 *
 * Both are signed with the host's secret rather than kept in a table, so that whoever holds
 * the secret (a second start reading the 0600 file beside the data-folder lock, the tests) can
 * mint a fresh code, and so that the secret kept per data folder (host-key.ts) re-validates a
 * tab's session after a restart. Only the used codes are remembered, until they expire.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const LAUNCH_CODE_TTL_MS = 60_000;

export interface SessionKeys {
  /** A fresh one-time code, valid for LAUNCH_CODE_TTL_MS. */
  mintCode(): string;
  /** The code's session token, or null when the code is forged, expired or used already. */
  redeem(code: string): string | null;
  /** Whether a token is a session this secret issued. */
  isSession(token: string): boolean;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

function mac(secret: string, purpose: string, body: string): string {
  return b64(createHmac('sha256', secret).update(`${purpose}\n${body}`).digest());
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newSecret(): string {
  return b64(randomBytes(32));
}

/** `<expiry ms, base 36>.<nonce>.<mac>`: what a holder of the secret hands to a browser. */
export function mintLaunchCode(secret: string, now = Date.now()): string {
  const body = `${(now + LAUNCH_CODE_TTL_MS).toString(36)}.${b64(randomBytes(12))}`;
  return `${body}.${mac(secret, 'launch', body)}`;
}

export function sessionKeys(secret: string, now: () => number = Date.now): SessionKeys {
  /** Codes redeemed already, by nonce, until they would have expired anyway. */
  const used = new Map<string, number>();

  const forget = (t: number) => {
    for (const [nonce, expires] of used) if (expires <= t) used.delete(nonce);
  };

  return {
    mintCode: () => mintLaunchCode(secret, now()),

    redeem(code) {
      const parts = code.split('.');
      if (parts.length !== 3) return null;
      const [expiry, nonce, sig] = parts as [string, string, string];
      if (!sameText(sig, mac(secret, 'launch', `${expiry}.${nonce}`))) return null;
      const expires = parseInt(expiry, 36);
      const t = now();
      forget(t);
      if (!(expires > t) || used.has(nonce)) return null;
      used.set(nonce, expires);
      const sid = b64(randomBytes(18));
      return `${sid}.${mac(secret, 'session', sid)}`;
    },

    isSession(token) {
      const dot = token.indexOf('.');
      if (dot <= 0) return false;
      return sameText(token.slice(dot + 1), mac(secret, 'session', token.slice(0, dot)));
    },
  };
}
