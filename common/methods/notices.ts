import { z } from 'zod';
import { method, push } from '../define';

/**
 * Something the main side found and dealt with that the user must hear about: a damaged
 * or newer file it set aside (with where the copy is), secrets stored without a keyring.
 * Shown until dismissed; a notice is never the only record of lost data: the copy is kept.
 */
export interface Notice {
  /** Stable for one occurrence; dismissing takes it. */
  id: string;
  kind: 'cache_damaged' | 'cache_newer' | 'settings_damaged' | 'vault_damaged' | 'vault_weak';
  /** What happened and what the console did, in words. */
  message: string;
  /** Where the kept copy of the damaged file is, when one was kept. */
  keptCopy?: string;
  at: number;
}

export const noticesMethods = {
  'notices/list': method<Notice[]>()(z.object({})),
  'notices/dismiss': method<Notice[]>()(z.object({ id: z.string().min(1).max(200) }), { write: true }),
};

export const noticesPushes = {
  'notices/changed': push<Notice[]>(),
};
