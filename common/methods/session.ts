import { z } from 'zod';
import { method, push } from '../define';
import { parseServerAddress } from '../server-address';

export interface ConnectionProfile {
  id: string;
  name: string;
  baseUrl: string;
  login: string;
  /** The embedded simulator's demo account. */
  demo: boolean;
  /** A password is stored (encrypted) for silent re-sign-in. */
  remembered: boolean;
}

export type SessionState =
  | { status: 'signed_out'; profiles: ConnectionProfile[]; suggestedBaseUrl?: string }
  | { status: 'signed_in'; profile: ConnectionProfile; profiles: ConnectionProfile[] }
  /** The token expired and no password is stored: queued work waits for the user. */
  | { status: 'needs_password'; profile: ConnectionProfile; profiles: ConnectionProfile[] };

/** Any address parseServerAddress reads (`host:port`, a trailing `/api/`…); the session normalises it. */
const baseUrl = z
  .string()
  .trim()
  .superRefine((s, ctx) => {
    const r = parseServerAddress(s);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
  });

export const sessionMethods = {
  'session/state': method<SessionState>()(z.object({})),
  'session/signIn': method<SessionState>()(
    z.object({
      baseUrl,
      login: z.string().trim().min(1, 'login is required'),
      password: z.string().min(1, 'password is required'),
      remember: z.boolean().default(false),
      name: z.string().trim().optional(),
    }),
    { write: true },
  ),
  /** Sign in again to a saved profile; without a stored password one must be given. */
  'session/resume': method<SessionState>()(
    z.object({ profileId: z.string().min(1), password: z.string().optional() }),
    { write: true },
  ),
  'session/useDemo': method<SessionState>()(z.object({}), { write: true }),
  'session/signOut': method<SessionState>()(z.object({ forget: z.boolean().default(false) }), { write: true }),
};

export const sessionPushes = {
  'session/changed': push<SessionState>(),
};
