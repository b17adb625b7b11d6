import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_KEYS } from '../../../renderer/src/shortcuts/admin-keymap';
import { HISTORY_KEYS, nextSpeed } from '../../../renderer/src/shortcuts/history-keymap';
import { bindingFor, type KeyLike } from '../../../renderer/src/shortcuts/keymap-core';
import { screenRouteFor, SCREEN_KEYS } from '../../../renderer/src/shortcuts/screens-keymap';
import { PLAYER_SPEEDS } from '../../../renderer/src/history/replay/player';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('the History and Admin keymaps', () => {
  it('read a press the way the help writes it', () => {
    expect(bindingFor(HISTORY_KEYS, key(' '), false)).toBe('play');
    expect(bindingFor(HISTORY_KEYS, key('ArrowLeft'), false)).toBe('prev');
    expect(bindingFor(HISTORY_KEYS, key('ArrowRight'), false)).toBe('next');
    expect(bindingFor(HISTORY_KEYS, key(']'), false)).toBe('faster');
    expect(bindingFor(HISTORY_KEYS, key('F', { shiftKey: true }), false)).toBe('fit');
    expect(bindingFor(HISTORY_KEYS, key('f'), false)).toBe('fit');
    expect(bindingFor(HISTORY_KEYS, key('?', { shiftKey: true }), false)).toBe('help');
    expect(bindingFor(ADMIN_KEYS, key('a', { ctrlKey: true }), false)).toBe('selectAll');
    expect(bindingFor(ADMIN_KEYS, key('a', { metaKey: true }), false)).toBe('selectAll');
    expect(bindingFor(ADMIN_KEYS, key('Delete'), false)).toBe('delete');
    expect(bindingFor(ADMIN_KEYS, key('Escape'), false)).toBe('clearSelection');
    expect(bindingFor(ADMIN_KEYS, key('j'), false)).toBe('go:jobs');
  });

  it('leave modified presses and typing alone', () => {
    // Ctrl+F is the browser's find, Alt+← its back, Shift+→ a selection: not ours.
    expect(bindingFor(HISTORY_KEYS, key('f', { ctrlKey: true }), false)).toBeNull();
    expect(bindingFor(HISTORY_KEYS, key('ArrowLeft', { altKey: true }), false)).toBeNull();
    expect(bindingFor(HISTORY_KEYS, key('ArrowRight', { shiftKey: true }), false)).toBeNull();
    expect(bindingFor(ADMIN_KEYS, key('a'), false)).toBeNull();
    expect(bindingFor(ADMIN_KEYS, key('n'), true)).toBeNull();
    expect(bindingFor(ADMIN_KEYS, key('a', { ctrlKey: true }), true)).toBeNull();
  });

  it('give each key one action per screen', () => {
    for (const table of [HISTORY_KEYS, ADMIN_KEYS]) {
      const keys = table.flatMap((b) => b.keys.map((k) => k.toLowerCase()));
      expect(keys.length).toBe(new Set(keys).size);
    }
  });

  it('step the replay speed along the player’s list, stopping at the ends', () => {
    expect(nextSpeed(PLAYER_SPEEDS, 100, 1)).toBe(300);
    expect(nextSpeed(PLAYER_SPEEDS, 100, -1)).toBe(60);
    expect(nextSpeed(PLAYER_SPEEDS, 1000, 1)).toBe(1000);
    expect(nextSpeed(PLAYER_SPEEDS, 1, -1)).toBe(1);
    expect(nextSpeed(PLAYER_SPEEDS, 50, 1)).toBe(60);
  });

  it('switch screens with g and a letter', () => {
    expect(screenRouteFor('h')).toBe('/history');
    expect(screenRouteFor('A')).toBe('/admin');
    expect(screenRouteFor('q')).toBeNull();
  });

  it('have words for every line of their help in every language', () => {
    const keys = [...HISTORY_KEYS.map((b) => b.textKey), ...ADMIN_KEYS.map((b) => b.textKey), ...SCREEN_KEYS.map((s) => s.textKey), 'history.title', 'admin.title', 'screens.title'];
    for (const lang of ['en', 'ru', 'lt']) {
      const tree = JSON.parse(readFileSync(join('renderer/src/i18n/locales', lang, 'shortcuts.json'), 'utf8')) as Record<string, Record<string, string>>;
      const missing = keys.filter((k) => {
        const [group, name] = k.split('.') as [string, string];
        return !tree[group]?.[name];
      });
      expect(missing, lang).toEqual([]);
    }
  });
});
