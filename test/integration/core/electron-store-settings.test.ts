/**
 * The Electron host's settings (main/electron/electron-store-settings.ts: the real
 * electron-store over real files) against browser mode's conf store on the same folder.
 * The Electron binary cannot run here, so `electron` is replaced by the one thing the two
 * modules read from it: `app.getPath('userData')`. electron-store without an `app` takes
 * the absolute cwd it is given, which is what it does in Electron after main/index.ts
 * points userData at the data folder.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotices } from '../../../main/core/seams/notices';
import { DEFAULT_SETTINGS, fileSettings } from '../../../main/core/seams/settings';

const userData = vi.hoisted(() => ({ dir: '' }));
vi.mock('electron', () => ({
  default: {},
  app: { getPath: (name: string) => (name === 'userData' ? userData.dir : '') },
}));

const { electronStoreSettings } = await import('../../../main/electron/electron-store-settings');

const mode = (p: string) => statSync(p).mode & 0o777;

describe('settings in Electron (electron-store)', () => {
  beforeEach(() => {
    userData.dir = mkdtempSync(join(tmpdir(), 'fleet-estore-'));
  });

  it('takes over the settings browser mode saved, and browser mode and the admin CLI see what Electron saves', () => {
    const dir = userData.dir;
    const browser = fileSettings(dir);
    browser.set('statusPollMs', 2500);
    browser.set('profiles', [{ id: 'p1', name: 'Depot', baseUrl: 'http://127.0.0.1:1', login: 'ops', demo: false, remembered: false }]);

    const electron = electronStoreSettings(createNotices());
    expect(electron.get('statusPollMs')).toBe(2500);
    expect(electron.get('profiles')).toEqual(browser.get('profiles'));
    expect(electron.get('eventsPollMs')).toBe(DEFAULT_SETTINGS.eventsPollMs);

    electron.set('tileUrl', 'http://127.0.0.1:9/{z}/{x}/{y}.png');
    expect(electron.get('tileUrl')).toBe('http://127.0.0.1:9/{z}/{x}/{y}.png');
    const again = fileSettings(dir);
    expect(again.get('tileUrl')).toBe('http://127.0.0.1:9/{z}/{x}/{y}.png');
    expect(again.get('statusPollMs')).toBe(2500);

    // One file, private: electron-store's own default name (config.json) is never written.
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toEqual(['settings.json']);
    if (process.platform !== 'win32') expect(mode(join(dir, 'settings.json'))).toBe(0o600);
  });

  it('starts a fresh folder from the defaults and keeps values in memory like browser mode', () => {
    const electron = electronStoreSettings(createNotices());
    expect(electron.get('jobsConcurrency')).toBe(DEFAULT_SETTINGS.jobsConcurrency);
    electron.set('jobsConcurrency', 7);
    const file = join(userData.dir, 'settings.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ jobsConcurrency: 7 });
    // A hand edit while running applies on the next start.
    writeFileSync(file, JSON.stringify({ jobsConcurrency: 2 }));
    expect(electron.get('jobsConcurrency')).toBe(7);
    expect(electronStoreSettings(createNotices()).get('jobsConcurrency')).toBe(2);
  });

  it('sets a damaged file aside, says so, and starts from the defaults', () => {
    const file = join(userData.dir, 'settings.json');
    writeFileSync(file, '{"statusPollMs": 25', { mode: 0o644 });
    const notices = createNotices();
    const electron = electronStoreSettings(notices);
    expect(electron.get('statusPollMs')).toBe(DEFAULT_SETTINGS.statusPollMs);
    const [notice] = notices.list();
    expect(notice).toMatchObject({ kind: 'settings_damaged' });
    expect(readFileSync(notice!.keptCopy!, 'utf8')).toBe('{"statusPollMs": 25');
    expect(existsSync(file)).toBe(true);
    if (process.platform !== 'win32') expect(mode(notice!.keptCopy!)).toBe(0o600);
  });
});
