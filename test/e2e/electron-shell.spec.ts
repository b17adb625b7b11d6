/**
 * The desktop shell where the Electron binary exists (never on the machine this was written
 * on: it cannot download it, so this spec skips there and has not been run). The menu's Go →
 * History moves the focused window's page; a window's size is back after a restart.
 * Browser mode proves the page's side of the navigation (shortcuts.spec.ts).
 */
import { _electron as electron, expect, test, type ElectronApplication } from './support/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { electronBinary } from './support/electron-binary';

const binary = electronBinary();
const launch = (dataDir: string) =>
  electron.launch({ executablePath: binary!, args: ['.', '--data-dir', dataDir, ...(process.env.CI ? ['--no-sandbox'] : [])] });

/** Clicks the application menu's item of that label (any depth), as the user would. */
const clickMenu = (app: ElectronApplication, label: string) =>
  app.evaluate(({ Menu }, wanted) => {
    type Item = { label: string; submenu?: { items: Item[] } | null; click: () => void };
    const find = (items: Item[]): Item | undefined => {
      for (const i of items) {
        if (i.label === wanted) return i;
        const inner = i.submenu ? find(i.submenu.items) : undefined;
        if (inner) return inner;
      }
      return undefined;
    };
    const item = find((Menu.getApplicationMenu()?.items ?? []) as unknown as Item[]);
    if (!item) throw new Error(`no menu item ${wanted}`);
    item.click();
  }, label);

test.describe('Electron shell', () => {
  test.skip(!binary, 'the Electron binary is not installed on this machine (no download possible)');

  test('the menu moves the page; the window opens again where it was', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-electron-shell-'));
    const app = await launch(dataDir);
    const win = await app.firstWindow();
    const screens = win.getByRole('navigation', { name: 'Screens' });
    await expect(screens).toBeVisible({ timeout: 30_000 });
    await clickMenu(app, 'History');
    await expect(screens.getByRole('button', { name: 'History' })).toHaveAttribute('aria-current', 'page');
    await clickMenu(app, 'Admin');
    await expect(screens.getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.setBounds({ x: 60, y: 50, width: 1000, height: 700 }));
    await app.close();

    const again = await launch(dataDir);
    await again.firstWindow();
    const bounds = await again.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.getBounds());
    expect(bounds).toMatchObject({ width: 1000, height: 700 });
    await again.close();
  });
});
