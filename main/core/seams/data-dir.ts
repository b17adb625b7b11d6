import { homedir, platform } from 'node:os';
import { join } from 'node:path';

/**
 * Where settings, the vault file and the cache databases live when --data-dir is not
 * given: the per-user config folder the platform expects (Electron's userData on Linux
 * is the same place), so both hosts share one cache.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FLEET_DATA_DIR) return env.FLEET_DATA_DIR;
  const home = homedir();
  switch (platform()) {
    case 'win32':
      return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'fleet-console');
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'fleet-console');
    default:
      return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'fleet-console');
  }
}
