/**
 * The Electron shell: one core, windows on the fleet:// scheme, the IPC transport.
 * Everything that is not window or OS glue lives in main/core/.
 */
import { app } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore } from './core/app';
import { createNotices } from './core/seams/notices';
import { defaultDataDir } from './core/seams/data-dir';
import { embeddedDemo } from './host/demo';
import { connectIpc } from './electron/ipc';
import { registerSchemeAsPrivileged, serveRenderer } from './electron/protocol';
import { lockDownSession } from './electron/security';
import { safeStorageVault } from './electron/safe-storage-vault';
import { electronStoreSettings } from './electron/electron-store-settings';
import { startUpdateChecks } from './electron/updater';
import { createMainWindow } from './electron/window';
import { startDesktop } from './electron/desktop';

const { values } = parseArgs({
  args: process.argv.slice(app.isPackaged ? 1 : 2),
  options: { server: { type: 'string' }, 'data-dir': { type: 'string' } },
  strict: false,
});
// The bundle is ESM (package.json type: module): no __dirname.
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = (values['data-dir'] as string | undefined) ?? defaultDataDir();
app.setPath('userData', dataDir);
registerSchemeAsPrivileged();

if (!app.requestSingleInstanceLock()) app.quit();

void app.whenReady().then(async () => {
  lockDownSession();
  serveRenderer(join(here, '..', 'renderer'));
  const demo = embeddedDemo();
  // One list of startup notices: the settings and the vault report damaged files to it.
  const notices = createNotices();
  const settings = electronStoreSettings(notices);
  const core = createCore({
    dataDir,
    vault: safeStorageVault(dataDir, notices),
    settings,
    notices,
    demo,
    ...(values.server ? { suggestedBaseUrl: String(values.server) } : {}),
    ingestWorker: { script: join(here, 'worker.js') },
  });
  const disconnect = connectIpc(core);
  await core.start().catch((e: unknown) => console.error('Could not open the last connection:', e));
  const preloadDir = join(here, '..', 'preload');
  const desktop = startDesktop({ core, settings, openMain: () => createMainWindow(preloadDir) });
  desktop.showMain();
  void startUpdateChecks();
  // The dock icon, or a second start: the main window again (also when hidden to the tray).
  app.on('activate', () => desktop.showMain());
  app.on('second-instance', () => desktop.showMain());
  // The core's close waits for the ingest worker's last write (a new list takes seconds at
  // 50,000 objects). Electron does not wait for a promise here: the quit is held, then asked again.
  let quit: 'open' | 'closing' | 'closed' = 'open';
  app.on('before-quit', (event) => {
    if (quit === 'closed') return;
    event.preventDefault();
    if (quit === 'closing') return;
    quit = 'closing';
    desktop.dispose();
    disconnect();
    void core
      .close()
      .then(() => demo.close())
      .catch((e: unknown) => console.error('Fleet Console: closing:', e))
      .finally(() => {
        quit = 'closed';
        app.quit();
      });
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
