/**
 * electron-updater against the feed named at build time (electron-builder.config.ts,
 * `publish`), or FLEET_UPDATE_URL. Off by default (update-policy.ts); when on, a new version
 * is downloaded in the background and installed when the app quits, with no dialog, so
 * nothing interrupts an operator's shift.
 */
import { app } from 'electron';
import { updateDecision } from './update-policy';

type UpdaterModule = typeof import('electron-updater');

export async function startUpdateChecks(log: Pick<Console, 'info' | 'error'> = console): Promise<void> {
  const decision = updateDecision({ env: process.env, isPackaged: app.isPackaged });
  if (!decision.check) {
    log.info(`Update checks: ${decision.reason}.`);
    return;
  }
  // Loaded only when on: electron-updater reads app-update.yml and sets up its cache as it loads.
  // It is CommonJS with a getter for autoUpdater, so Node's ESM import exposes it on `default`.
  const loaded = (await import('electron-updater')) as UpdaterModule & { default?: UpdaterModule };
  const { autoUpdater } = loaded.default ?? loaded;
  if (decision.feedUrl) autoUpdater.setFeedURL({ provider: 'generic', url: decision.feedUrl });
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  autoUpdater.on('error', (e) => log.error('Update check failed:', e));
  autoUpdater.on('update-downloaded', (info) => log.info(`Update ${info.version} downloaded; it is installed when the app quits.`));
  await autoUpdater.checkForUpdates().catch((e: unknown) => log.error('Update check failed:', e));
}
