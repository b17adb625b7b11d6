import type { Migration } from './migrations/index';

/**
 * The database records migrations that are not a prefix of the ones this version knows:
 * it was written by a newer version of Fleet Console or by a different branch. The cache
 * refuses it rather than guess; the user can forget the server's cached data (deleting the
 * file) or run the version that wrote it.
 */
export class CacheSchemaMismatchError extends Error {
  override readonly name = 'CacheSchemaMismatchError';
  readonly code = 'cache_schema_mismatch' as const;
  constructor(
    readonly file: string,
    readonly applied: readonly { id: number; name: string }[],
    readonly known: readonly Pick<Migration, 'id' | 'name'>[],
  ) {
    const list = (xs: readonly { id: number; name: string }[]) => (xs.length ? xs.map((m) => m.name).join(', ') : 'none');
    super(
      `The cache database ${file} was written by a different version of Fleet Console ` +
        `(applied migrations: ${list(applied)}; this version knows: ${list(known)}). ` +
        `It was not opened, to avoid damaging it. Use the version that wrote it, or forget this ` +
        `server's cached data to start a fresh cache.`,
    );
  }
}

/** The platform stores typed arrays big-endian; the packed track format is little-endian. */
export class CacheUnsupportedPlatformError extends Error {
  override readonly name = 'CacheUnsupportedPlatformError';
}
