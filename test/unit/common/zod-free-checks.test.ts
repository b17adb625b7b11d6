/**
 * The renderer's first bundle checks tile addresses and pushed routes without zod
 * (decision 0085); the contract's schemas are built on the same checks. Both must answer
 * alike, on chosen inputs and on generated ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShellRouteSchema } from '../../../common/methods/shell';
import { TileUrlSchema } from '../../../common/methods/tiles';
import { isShellRoute } from '../../../common/shell-route';
import { isTileUrl } from '../../../common/tile-url';

const tileTexts = [
  'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  '  https://{s}.tile.example/{z}/{x}/{y}.png  ',
  'http://127.0.0.1:8080/tiles/{z}/{x}/{y}',
  'ftp://tiles.example/{z}/{x}/{y}.png',
  'https://tiles.example/{z}/{x}.png',
  'https://tiles.example/{x}/{y}/{z}',
  'not a url {z}{x}{y}',
  'http://169.254.169.254/{z}/{x}/{y}',
  'http://[fe80::1]/{z}/{x}/{y}.png',
  'ftp://169.254.1.1/{z}/{x}/{y}',
  `https://tiles.example/${'a'.repeat(470)}/{z}/{x}/{y}.png`,
  `https://tiles.example/${'a'.repeat(480)}/{z}/{x}/{y}.png`,
  // 499 characters once trimmed, 503 as typed.
  `  https://tiles.example/${'a'.repeat(461)}/{z}/{x}/{y}.png  `,
  '',
  '{z}{x}{y}',
];

const routes = ['/history', '/admin/jobs', '/panel/events', '/', '/History', '/history/', '/a-b/c-1', '//x', '/1abc', `/${'a'.repeat(199)}`, `/${'a'.repeat(200)}`, 'history', 42, null, undefined];

describe('checks without zod agree with the contract’s schemas', () => {
  it.each(tileTexts)('tile address %j', (text) => {
    expect(isTileUrl(text)).toBe(TileUrlSchema.safeParse(text).success);
  });

  it('tile addresses made of URL-ish parts', () => {
    const part = fc.constantFrom('http://', 'https://', 'ftp://', '{z}', '{x}', '{y}', '{s}', '/', '.png', 'tiles.example', '169.254.0.1', '[fe80::2]', ':8080', ' ', '%', 'a');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(isTileUrl(text)).toBe(TileUrlSchema.safeParse(text).success);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(routes)('route %j', (route) => {
    expect(isShellRoute(route)).toBe(ShellRouteSchema.safeParse(route).success);
  });

  it('routes made of route-ish parts', () => {
    const part = fc.constantFrom('/', 'a', 'z', '0', '9', '-', 'A', '_', '.', ' ');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
        const route = parts.join('');
        expect(isShellRoute(route)).toBe(ShellRouteSchema.safeParse(route).success);
      }),
      { numRuns: 2000 },
    );
  });
});
