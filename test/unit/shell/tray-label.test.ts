import { describe, expect, it } from 'vitest';
import { discBitmap } from '../../../main/core/shell/dot-bitmap';
import { navigatePush, navigationTarget } from '../../../main/core/shell/navigate';
import { BADGE_MAX, trayLabel } from '../../../main/core/shell/tray-label';

describe('the tray and badge', () => {
  it('says the count of unacknowledged alarms, with the language’s plural forms', () => {
    expect(trayLabel(0, 'en')).toEqual({ tooltip: 'Fleet Console: No unacknowledged alarms', title: '', badge: 0, overlay: null });
    expect(trayLabel(1, 'en').tooltip).toBe('Fleet Console: 1 unacknowledged alarm');
    expect(trayLabel(3, 'en')).toEqual({ tooltip: 'Fleet Console: 3 unacknowledged alarms', title: '3', badge: 3, overlay: '3 unacknowledged alarms' });
    expect(trayLabel(1, 'ru').overlay).toBe('1 неквитированная тревога');
    expect(trayLabel(3, 'ru').overlay).toBe('3 неквитированные тревоги');
    expect(trayLabel(5, 'ru').overlay).toBe('5 неквитированных тревог');
    expect(trayLabel(21, 'ru').overlay).toBe('21 неквитированная тревога');
    expect(trayLabel(1, 'lt').overlay).toBe('1 nepatvirtintas aliarmas');
    expect(trayLabel(2, 'lt').overlay).toBe('2 nepatvirtinti aliarmai');
    expect(trayLabel(10, 'lt').overlay).toBe('10 nepatvirtintų aliarmų');
    expect(trayLabel(0, 'lt').tooltip).toBe('Fleet Console: Nepatvirtintų aliarmų nėra');
  });

  it('keeps the title short and the badge exact, and reads a bad count as none', () => {
    expect(trayLabel(12_345, 'en')).toMatchObject({ title: `${BADGE_MAX}+`, badge: 12_345 });
    expect(trayLabel(Number.NaN, 'en').badge).toBe(0);
    expect(trayLabel(-2, 'en').title).toBe('');
  });

  it('draws its icon as an opaque disc with a transparent corner', () => {
    const b = discBitmap(16, [200, 40, 40]);
    expect(b).toHaveLength(16 * 16 * 4);
    const px = (x: number, y: number) => [...b.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)];
    expect(px(8, 8)).toEqual([40, 40, 200, 255]); // BGRA
    expect(px(0, 0)[3]).toBe(0);
  });
});

describe('the menu’s navigation', () => {
  const main = { id: 1, url: 'fleet://app/#/live', focused: false, main: true };
  const admin = { id: 2, url: 'fleet://app/#/admin', focused: false, main: false };
  const panel = { id: 3, url: 'fleet://app/#/panel/events', focused: false, main: false };
  it('goes to the focused window, or to the main one when a panel (or nothing) has the focus', () => {
    expect(navigationTarget([main, { ...admin, focused: true }, panel])).toBe(2);
    expect(navigationTarget([main, admin, { ...panel, focused: true }])).toBe(1);
    expect(navigationTarget([main, admin, panel])).toBe(1);
    expect(navigationTarget([])).toBeNull();
  });
  it('is the shell/navigate push, for routes the contract accepts only', () => {
    expect(navigatePush('/history')).toEqual({ type: 'push', name: 'shell/navigate', args: { route: '/history' } });
    expect(() => navigatePush('javascript:alert(1)')).toThrow();
    expect(() => navigatePush('/../etc')).toThrow();
  });
});
