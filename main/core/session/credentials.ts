/**
 * The token of one signed-in connection: read from the vault, renewed shortly before
 * its JWT expiry, and renewed once (single flight) when the server answers 401. With
 * no stored password the session asks the renderer for one; requests wait meanwhile.
 */
import { FleetError } from '../../../common/errors';
import { signIn } from '../api/auth';
import type { Vault } from '../seams/vault';

/**
 * Renew this long before the token's expiry, so no request carries a dying token; for
 * short-lived tokens, a quarter of their life instead.
 */
export const RENEW_MARGIN_MS = 60_000;

export function renewMargin(lifetimeMs: number | null): number {
  return lifetimeMs === null ? RENEW_MARGIN_MS : Math.min(RENEW_MARGIN_MS, Math.max(0, lifetimeMs / 4));
}

export interface CredentialsOptions {
  baseUrl: string;
  login: string;
  profileId: string;
  vault: Vault;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Called when the token cannot be renewed without the user. */
  onNeedsPassword: () => void;
}

export const tokenKey = (profileId: string) => `token:${profileId}`;
export const passwordKey = (profileId: string) => `password:${profileId}`;

export class Credentials {
  private token: string | null = null;
  private expiresAt: number | null = null;
  private lifetimeMs: number | null = null;
  private renewing: Promise<boolean> | null = null;
  private readonly now: () => number;

  constructor(private readonly opts: CredentialsOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Signs in with a password; stores the token, and the password when asked to remember it. */
  async signIn(password: string, remember: boolean): Promise<void> {
    const r = await signIn(this.opts.fetchImpl ?? fetch, this.opts.baseUrl, this.opts.login, password);
    this.token = r.token;
    this.expiresAt = r.expiresAt;
    this.lifetimeMs = r.expiresAt === null ? null : r.expiresAt - this.now();
    await this.opts.vault.set(
      tokenKey(this.opts.profileId),
      JSON.stringify({ token: r.token, expiresAt: r.expiresAt, lifetimeMs: this.lifetimeMs }),
    );
    if (remember) await this.opts.vault.set(passwordKey(this.opts.profileId), password);
  }

  /** Loads a stored token; false when there is none (or it is unreadable). */
  async restore(): Promise<boolean> {
    const raw = await this.opts.vault.get(tokenKey(this.opts.profileId));
    if (!raw) return false;
    try {
      const v = JSON.parse(raw) as { token?: unknown; expiresAt?: unknown; lifetimeMs?: unknown };
      if (typeof v.token !== 'string') return false;
      this.token = v.token;
      this.expiresAt = typeof v.expiresAt === 'number' ? v.expiresAt : null;
      this.lifetimeMs = typeof v.lifetimeMs === 'number' ? v.lifetimeMs : null;
      return true;
    } catch {
      return false;
    }
  }

  async hasPassword(): Promise<boolean> {
    return (await this.opts.vault.get(passwordKey(this.opts.profileId))) !== null;
  }

  /** The token to send now, renewed first when it is about to expire. */
  getToken = async (): Promise<string | null> => {
    if (this.token && (this.expiresAt === null || this.expiresAt - renewMargin(this.lifetimeMs) > this.now())) return this.token;
    if (await this.renew()) return this.token;
    return this.token;
  };

  /** The HTTP client's 401 hook: one renewal shared by every request that saw the 401. */
  onUnauthorized = async (): Promise<boolean> => {
    this.expiresAt = 0;
    return this.renew();
  };

  private renew(): Promise<boolean> {
    if (!this.renewing) {
      this.renewing = (async () => {
        const password = await this.opts.vault.get(passwordKey(this.opts.profileId));
        if (!password) {
          this.opts.onNeedsPassword();
          return false;
        }
        try {
          await this.signIn(password, false);
          return true;
        } catch (e) {
          if (e instanceof FleetError && e.code === 'unauthorized') {
            // The stored password no longer works: forget it and ask the user.
            await this.opts.vault.delete(passwordKey(this.opts.profileId));
            this.opts.onNeedsPassword();
          }
          return false;
        }
      })().finally(() => {
        this.renewing = null;
      });
    }
    return this.renewing;
  }

  async wipe(): Promise<void> {
    this.token = null;
    this.expiresAt = null;
    await this.opts.vault.delete(tokenKey(this.opts.profileId));
  }

  async forget(): Promise<void> {
    await this.wipe();
    await this.opts.vault.delete(passwordKey(this.opts.profileId));
  }
}
