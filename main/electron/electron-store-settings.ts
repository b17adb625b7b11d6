/**
 * The settings seam in Electron: electron-store over the same `settings.json` in the app's
 * user-data folder (main/index.ts points userData at the data folder). Same file, defaults,
 * 0600 mode, damaged-file handling and in-memory values as browser mode's `fileSettings`,
 * since electron-store is a Conf subclass: moving between the hosts keeps every setting.
 */
import { app } from 'electron';
import ElectronStore from 'electron-store';
import type { Notices } from '../core/seams/notices';
import { fileSettings, type OpenSettingsFile, type SettingsData, type SettingsStore } from '../core/seams/settings';

// electron-store names the file `name` (conf's configName) and takes no projectName.
const openWithElectronStore: OpenSettingsFile = (spec) => new ElectronStore<SettingsData>(spec);

export function electronStoreSettings(notices: Notices): SettingsStore {
  return fileSettings(app.getPath('userData'), notices, openWithElectronStore);
}
