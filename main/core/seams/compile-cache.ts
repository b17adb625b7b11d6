import { homedir, platform } from 'node:os';
import { join } from 'node:path';

/**
 * Where Node keeps the compiled bytecode of the host's bundle between starts: the per-user
 * cache folder the platform expects, not the shared temp folder Node would pick (another
 * user's folder there is not writable). NODE_COMPILE_CACHE still names another place.
 */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NODE_COMPILE_CACHE) return env.NODE_COMPILE_CACHE;
  const home = homedir();
  switch (platform()) {
    case 'win32':
      return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'fleet-console', 'compile-cache');
    case 'darwin':
      return join(home, 'Library', 'Caches', 'fleet-console', 'compile-cache');
    default:
      return join(env.XDG_CACHE_HOME ?? join(home, '.cache'), 'fleet-console', 'compile-cache');
  }
}
