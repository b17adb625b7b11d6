import { describe, expect, it } from 'vitest';
import { ShellRouteSchema } from '../../../common/methods/shell';
import { menuLanguage } from '../../../main/core/shell/menu-labels';
import { menuTemplate, templateRoutes, type MenuItemSpec, type MenuOptions } from '../../../main/core/shell/menu-template';

const base: MenuOptions = { platform: 'linux', dev: false, language: 'en', appName: 'Fleet Console' };
const flat = (items: readonly MenuItemSpec[]): MenuItemSpec[] => items.flatMap((i) => [i, ...flat(i.submenu ?? [])]);
const roles = (items: readonly MenuItemSpec[]) => flat(items).flatMap((i) => (i.role ? [i.role] : []));
const byRoute = (items: readonly MenuItemSpec[], route: string) => flat(items).find((i) => i.route === route);

describe('the application menu template', () => {
  it('has the standard roles, on every platform', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const r = roles(menuTemplate({ ...base, platform }));
      for (const role of ['about', 'quit', 'undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen', 'minimize', 'close'] as const) {
        expect(r, `${platform}: ${role}`).toContain(role);
      }
    }
    // macOS's own application menu items.
    expect(roles(menuTemplate({ ...base, platform: 'darwin' }))).toEqual(expect.arrayContaining(['hide', 'hideOthers', 'unhide', 'services', 'front']));
    expect(roles(menuTemplate(base))).not.toContain('hide');
  });

  it('offers reload and developer tools only in a development build', () => {
    expect(roles(menuTemplate({ ...base, dev: true }))).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
    const shipped = roles(menuTemplate(base));
    expect(shipped).not.toContain('reload');
    expect(shipped).not.toContain('toggleDevTools');
  });

  it('has an item with an accelerator for every screen and every panel, each a route the contract accepts', () => {
    const t = menuTemplate(base);
    const want = { '/live': 'CmdOrCtrl+1', '/history': 'CmdOrCtrl+2', '/reports': 'CmdOrCtrl+3', '/files': 'CmdOrCtrl+4', '/admin': 'CmdOrCtrl+5', '/settings': 'CmdOrCtrl+,', '/panel/events': 'CmdOrCtrl+Shift+E', '/panel/objects': 'CmdOrCtrl+Shift+O' };
    for (const [route, acc] of Object.entries(want)) expect(byRoute(t, route)?.accelerator, route).toBe(acc);
    for (const r of templateRoutes(t)) expect(ShellRouteSchema.safeParse(r).success, r).toBe(true);
  });

  it('gives no two items the same accelerator', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const accs = flat(menuTemplate({ ...base, platform, dev: true })).flatMap((i) => (i.accelerator ? [i.accelerator] : []));
      expect(accs.length, platform).toBe(new Set(accs).size);
    }
  });

  it('is in the settings’ language, every label, “system” following the computer', () => {
    const labels = (o: MenuOptions) => flat(menuTemplate(o)).flatMap((i) => (i.label ? [i.label] : []));
    const en = labels(base);
    const ru = labels({ ...base, language: 'ru' });
    const lt = labels({ ...base, language: 'lt' });
    expect(en).toContain('History');
    expect(ru).toContain('История');
    expect(lt).toContain('Istorija');
    // Every item is labelled in every language, and no English one is left in the others.
    expect(ru).toHaveLength(en.length);
    expect(lt).toHaveLength(en.length);
    const englishOnly = new Set(en.filter((l) => !l.includes('Fleet Console')));
    expect(ru.filter((l) => englishOnly.has(l))).toEqual([]);
    expect(lt.filter((l) => englishOnly.has(l))).toEqual([]);
    expect(menuLanguage('system', 'ru-RU')).toBe('ru');
    expect(menuLanguage('lt', 'en-US')).toBe('lt');
    expect(menuLanguage(undefined, 'lt_LT')).toBe('lt');
    expect(menuLanguage('system', 'de-DE')).toBe('en');
    expect(menuLanguage(42, 'fr')).toBe('en');
  });
});
