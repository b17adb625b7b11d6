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

/** A saved or open connection as the top bar's switcher and the connections list show it. */
export interface ConnectionInfo {
  profileId: string;
  name: string;
  login: string;
  baseUrl: string;
  demo: boolean;
  /** closed: saved only; signed_in / needs_password: open (polling), as SessionState says. */
  state: 'closed' | 'signed_in' | 'needs_password';
  /** The one the screens show (`session/state`'s profile). */
  foreground: boolean;
  /** Unacknowledged events of an open connection (acknowledgements queued here left out); null when closed. */
  unacknowledged: number | null;
  /** Of those, the alarms (common/event-alarm.ts); null when closed. */
  alarms: number | null;
  /** Bytes of its cache files on disk (cache, reports, their journals); 0 when none. */
  cacheBytes: number;
}

export interface ConnectionsList {
  connections: ConnectionInfo[];
  /** How many may stay open together. */
  maxOpen: number;
}

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
  /** Every saved connection and every open one, with its state, alarm counts and cache size. */
  'session/connections': method<ConnectionsList>()(z.object({})),
  /** Makes an open connection the foreground at once; a saved, closed one is resumed (its stored token or password). */
  'session/switch': method<SessionState>()(z.object({ profileId: z.string().min(1) }), { write: true }),
  'session/rename': method<ConnectionsList>()(
    z.object({ profileId: z.string().min(1), name: z.string().trim().min(1, 'a name is required').max(80, 'at most 80 characters') }),
    { write: true },
  ),
  /** Closes it if open, deletes its stored token and password, its cache files and the saved profile. */
  'session/forget': method<SessionState>()(z.object({ profileId: z.string().min(1) }), { write: true }),
  /** Deletes one connection's cache files; an open one is reopened on an empty cache and fills it again. */
  'session/clearCache': method<ConnectionsList>()(z.object({ profileId: z.string().min(1) }), { write: true }),
};

export const sessionPushes = {
  'session/changed': push<SessionState>(),
  /** The connections list changed: one opened or closed, a background one's alarm count, a rename. */
  'session/connections': push<ConnectionsList>(),
};
