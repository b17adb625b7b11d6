import type { Notice } from '../../../common/methods/notices';
import type { SetAside } from '../cache';

/** What the user is told when a connection's cache file could not be used and was moved aside. */
export function setAsideNotice(connectionName: string, s: SetAside): Omit<Notice, 'id' | 'at'> {
  const what =
    s.reason === 'newer'
      ? `The cached data for ${connectionName} was written by a newer version of Fleet Console.`
      : `The cached data for ${connectionName} was damaged (${s.error}).`;
  return {
    kind: s.reason === 'newer' ? 'cache_newer' : 'cache_damaged',
    message: `${what} It was moved aside and a fresh cache is being filled from the service; writes that were still waiting to be sent are only in the kept copy.`,
    keptCopy: s.keptCopy,
  };
}
