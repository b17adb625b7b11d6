/** HS256 bearer tokens: issued by POST /api/Token, checked on every other /api/ method. */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { User } from './world/types';

export type AuthUser = User;

export class Auth {
  private readonly key = new Uint8Array(randomBytes(32));
  /** Verified tokens, so a poller does not pay for HMAC on every call. */
  private readonly seen = new Map<string, { userId: number; exp: number }>();

  constructor(private readonly nowMs: () => number, private readonly ttlS: number) {}

  async issue(user: User): Promise<string> {
    const iat = Math.floor(this.nowMs() / 1000);
    return new SignJWT({ uid: user.Id, login: user.Login, cid: user.CompanyId, adm: user.IsAdmin })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.Id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlS)
      .setJti(randomBytes(8).toString('hex'))
      .sign(this.key);
  }

  /** The user id of a valid, unexpired token, or undefined. */
  async verify(token: string): Promise<number | undefined> {
    const now = this.nowMs() / 1000;
    const hit = this.seen.get(token);
    if (hit) return hit.exp > now ? hit.userId : undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: new Date(this.nowMs()) });
      const exp = payload.exp ?? 0;
      const userId = Number(payload.sub);
      if (this.seen.size > 10_000) this.seen.clear();
      this.seen.set(token, { userId, exp });
      return exp > now ? userId : undefined;
    } catch {
      return undefined;
    }
  }
}
