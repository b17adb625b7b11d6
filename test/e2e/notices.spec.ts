/**
 * What the console says about its own files and about an unsafe address, in the page a user
 * sees: a damaged settings file's notice (with the kept copy) until dismissed, an outbox
 * entry that cannot be sent in the list of undelivered writes, and the sign-in form's
 * warning for plain http to another machine.
 */
import { expect, test } from './support/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCache } from '../../main/core/cache';
import { DEMO_CACHE_URL } from '../../main/core/session/profiles';
import { startBrowserMode } from './support/browser-mode';

test('a damaged settings file and an unreadable queued write are shown, and go when dealt with', async ({ page }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-e2e-notices-'));
  writeFileSync(join(dataDir, 'settings.json'), '{"profiles": [');
  // The demo's cache with a queued write that cannot be read back (a crash or a hand edit).
  const cache = openCache({ dataDir, baseUrl: DEMO_CACHE_URL, login: 'demo' });
  cache.db.prepare("INSERT INTO outbox (kind, payload, state, attempts, created_at, updated_at) VALUES ('events/ack', '{\"ids\": [1,', 'pending', 0, 1, 1)").run();
  cache.close();

  const host = await startBrowserMode({ dataDir });
  try {
    await page.goto(host.url);
    const notices = page.getByRole('region', { name: 'Notices' });
    const notice = notices.getByRole('alert').filter({ hasText: 'The settings file could not be read' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`Kept copy: ${join(dataDir, 'settings.json.damaged-')}`);

    const undelivered = page.getByRole('list', { name: 'Writes that could not be delivered' });
    const item = undelivered.getByRole('listitem').filter({ hasText: 'could not be read' });
    await expect(item).toBeVisible();
    await expect(item.getByRole('button', { name: /^Try again/ })).toBeVisible();
    await page.screenshot({ path: 'test/artifacts/notices-and-dead-letters.png' });

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notices).toHaveCount(0);
    await item.getByRole('button', { name: /^Discard/ }).click();
    await expect(undelivered).toHaveCount(0);
  } finally {
    await host.stop();
  }
});

test('the sign-in form warns about plain http to another machine, not to this one', async ({ page }) => {
  // A suggested server: the form opens instead of the demo. It is never contacted here.
  const host = await startBrowserMode({ args: ['--server', 'http://192.0.2.10:8082'] });
  try {
    await page.goto(host.url);
    const form = page.getByRole('form', { name: 'Sign in to a fleet service' });
    const address = form.getByRole('textbox', { name: 'Server address' });
    await expect(address).toHaveValue('http://192.0.2.10:8082');
    const warning = form.getByRole('alert');
    await expect(warning).toHaveText(/Your password and data will cross the network unencrypted/);
    await page.screenshot({ path: 'test/artifacts/signin-http-warning.png' });
    await address.fill('http://127.0.0.1:8082');
    await expect(warning).toHaveCount(0);
    await address.fill('https://fleet.example.com');
    await expect(warning).toHaveCount(0);
    await address.fill('http://fleet.example.com');
    await expect(warning).toBeVisible();
    // Still allowed: the button is there to press.
    await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  } finally {
    await host.stop();
  }
});
