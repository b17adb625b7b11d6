/**
 * Electron keeps its settings with electron-store in the same settings.json browser mode and
 * the admin CLI use (main/electron/electron-store-settings.ts): a value saved by one is the
 * other's at its next start. Runs only where the Electron binary exists.
 */
import { _electron as electron, expect, test } from './support/test';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileSettings } from '../../main/core/seams/settings';
import { electronBinary } from './support/electron-binary';

const binary = electronBinary();
const BROWSER_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
const ELECTRON_TILES = 'http://127.0.0.1:10/{z}/{x}/{y}.png';

test.describe('Electron settings', () => {
  test.skip(!binary, 'the Electron binary is not installed on this machine (no download possible); test/integration/core/electron-store-settings.test.ts runs the same store on files');

  test('takes over what browser mode saved, and browser mode reads what Electron saves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-electron-settings-'));
    fileSettings(dir).set('tileUrl', BROWSER_TILES);

    const app = await electron.launch({ executablePath: binary!, args: ['.', '--data-dir', dir, ...(process.env.CI ? ['--no-sandbox'] : [])] });
    const win = await app.firstWindow();
    await expect(win.getByRole('grid', { name: 'Object list' })).toBeVisible({ timeout: 30_000 });
    await win.getByText('Map tiles', { exact: true }).click();
    const form = win.getByRole('form', { name: 'Map tile source' });
    const field = form.getByRole('textbox', { name: 'Tile URL' });
    await expect(field).toHaveValue(BROWSER_TILES);
    await field.fill(ELECTRON_TILES);
    await form.getByRole('button', { name: 'Save' }).click();
    const file = join(dir, 'settings.json');
    await expect.poll(() => (JSON.parse(readFileSync(file, 'utf8')) as { tileUrl?: string }).tileUrl).toBe(ELECTRON_TILES);
    await app.close();

    expect(fileSettings(dir).get('tileUrl')).toBe(ELECTRON_TILES);
    expect(readdirSync(dir)).not.toContain('config.json');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
