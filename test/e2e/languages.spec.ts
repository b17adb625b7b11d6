/**
 * The language switch (issue 29): chosen in Settings, applied at once, no restart. Live,
 * History and Admin are photographed in English, Russian and Lithuanian (test/artifacts), and
 * the Russian and Lithuanian screens are searched for English left behind: every control's
 * name, heading, label, column header, title and placeholder is compared with the words of the
 * English translations. Data from the service (object names) is not ours to translate.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLive, recentInterval, useShiftWorld } from './support/shift-world';

test.describe.configure({ mode: 'serial' });
const w = useShiftWorld();
const ART = join(process.cwd(), 'test/artifacts');
const LOCALES = join(process.cwd(), 'renderer/src/i18n/locales');

type Tree = { [k: string]: string | Tree };
const values = (t: Tree): string[] => Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
const words = (s: string): string[] => s.replace(/\{\{[^}]*\}\}/g, ' ').match(/[A-Za-z]{4,}/g) ?? [];
function vocabulary(lang: string): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(join(LOCALES, lang))) for (const v of values(JSON.parse(readFileSync(join(LOCALES, lang, f), 'utf8')) as Tree)) for (const x of words(v)) out.add(x.toLowerCase());
  return out;
}
/** Names that stay as they are in every language. */
const KEPT = new Set(['fleet', 'console', 'openstreetmap', 'leaflet', 'imei', 'xlsx', 'json', 'http', 'https', 'iccid']);

/** Every word a control, heading, label, header, title or placeholder shows or is named by. */
async function chromeWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<{ textContent: string | null; getAttribute(n: string): string | null; closest(s: string): unknown }> } }).document;
    for (const el of doc.querySelectorAll('button, [role=tab], th, [role=columnheader], h1, h2, h3, h4, label, legend, nav a, [aria-label], [title], [placeholder]')) {
      // Options of a select are data or language names (each in itself).
      if (el.closest('select')) continue;
      for (const a of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v) out.push(v);
      }
      if (!el.getAttribute('aria-label')) out.push(el.textContent ?? '');
    }
    return out;
  });
}

async function choose(page: Page, lang: 'en' | 'ru' | 'lt') {
  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = '#/settings';
  });
  await page.getByRole('combobox', { name: /^(Language|Язык|Kalba)$/ }).selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function go(page: Page, hash: string) {
  await page.evaluate((h) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = h;
  }, hash);
}

test('the language is switched at once, and the Russian and Lithuanian screens keep no English', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(ART, { recursive: true });
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openLive(page, w);
  const english = vocabulary('en');
  // Data: object and sensor names, and the account's login (shown beside the server).
  const objects = [...w.sim.sim.world.objects.values()];
  const names = [...objects.map((o) => o.Name), ...objects.flatMap((o) => o.Sensors.map((x) => String(x.Name))), 'demo'];
  const dataWords = new Set(names.flatMap((n) => words(n).map((x) => x.toLowerCase())));
  const { from, till } = recentInterval(2);
  const screens: Array<[string, string]> = [
    ['live', '#/live'],
    ['history', `#/history?o=${w.driver.id}&from=${from}&till=${till}`],
    ['admin', '#/admin'],
    ['settings', '#/settings'],
  ];
  for (const lang of ['en', 'ru', 'lt'] as const) {
    await choose(page, lang);
    const own = vocabulary(lang);
    for (const [name, hash] of screens) {
      await go(page, hash);
      await expect(page.getByRole('main').first()).toBeVisible();
      // Let the screen's first answers arrive (the list, the track) before reading it.
      if (name === 'live') await expect(page.getByRole('grid').first().getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: join(ART, `language-${lang}-${name}.png`) });
      if (lang === 'en') continue;
      const left = new Set<string>();
      for (const text of await chromeWords(page)) {
        // Addresses are data: a server's, a tile source's.
        for (const word of words(text.replace(/https?:\/\/\S+|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?/g, ' '))) {
          const x = word.toLowerCase();
          if (english.has(x) && !own.has(x) && !KEPT.has(x) && !dataWords.has(x)) left.add(`${word} (in "${text.trim().slice(0, 80)}")`);
        }
      }
      expect([...left], `English left on ${name} in ${lang}`).toEqual([]);
    }
  }
  // Back to English for the specs after this one (the choice is kept in the data folder).
  await choose(page, 'en');
});
