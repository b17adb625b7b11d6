/**
 * Signing in and out in an operator's words (issue 27 #7): a refused password and an address
 * that answers nothing say so plainly, the button shows the sign-in running, signing out asks
 * first, and the theme button shows the theme in force. Found by role and name.
 */
import { expect, test, type Page } from './support/test';
import { createServer, type Server, type Socket } from 'node:net';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';

test.describe.configure({ mode: 'serial' });

let sim: SimulatorHandle;
let host: RunningHost;

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0, objects: 20, seed: 3 });
  host = await startBrowserMode({ args: ['--server', sim.baseUrl] });
});

test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

const form = (page: Page) => page.getByRole('form', { name: 'Sign in to a fleet service' });

async function fillForm(page: Page, address: string, password: string): Promise<void> {
  await page.goto(host.url);
  await expect(form(page)).toBeVisible();
  await form(page).getByLabel('Server address').fill(address);
  await form(page).getByLabel('Login').fill('demo');
  await form(page).getByLabel('Password').fill(password);
}

/** A loopback port nobody listens on: bound, its number read, then closed. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

test('a wrong password says "Wrong login or password", nothing about a session', async ({ page }) => {
  await fillForm(page, sim.baseUrl, 'not-the-password');
  await form(page).getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Wrong login or password' });
  await expect(alert).toHaveText('Wrong login or password.');
  await expect(form(page).getByLabel('Password')).toHaveValue('not-the-password');
});

test('an address nobody answers names its host and port', async ({ page }) => {
  const port = await freePort();
  await fillForm(page, `http://127.0.0.1:${port}`, 'demo');
  await form(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot reach' })).toHaveText(`Cannot reach 127.0.0.1:${port}: check the address.`);
});

test('the button shows the sign-in running until the server answers', async ({ page }) => {
  // A server that takes the request and says nothing until the test lets it go.
  const held: Socket[] = [];
  const silent: Server = createServer((s) => held.push(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const port = (silent.address() as { port: number }).port;
  try {
    await fillForm(page, `http://127.0.0.1:${port}`, 'demo');
    await form(page).getByRole('button', { name: 'Sign in' }).click();
    const running = form(page).getByRole('button', { name: 'Signing in…' });
    await expect(running).toBeDisabled();
    await expect(running).toHaveAttribute('aria-busy', 'true');
    // Let go: stop taking connections first, so a retry is refused rather than held again.
    silent.close();
    for (const s of held) s.destroy();
    await expect(page.getByRole('alert').filter({ hasText: `127.0.0.1:${port}` })).toBeVisible();
    await expect(form(page).getByRole('button', { name: 'Sign in' })).toBeEnabled();
  } finally {
    for (const s of held) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  }
});

test('sign out asks first; Cancel keeps monitoring; the theme button shows the theme in force', async ({ page }) => {
  await fillForm(page, sim.baseUrl, 'demo');
  await form(page).getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Screens' });
  await expect(nav).toBeVisible();

  const theme = page.getByRole('button', { name: 'Dark theme' });
  const pressed = (await theme.getAttribute('aria-pressed')) === 'true';
  await expect(theme).toHaveText(`Dark theme: ${pressed ? 'on' : 'off'}`);
  await theme.click();
  await expect(theme).toHaveAttribute('aria-pressed', String(!pressed));
  await expect(theme).toHaveText(`Dark theme: ${pressed ? 'off' : 'on'}`);

  await page.getByRole('button', { name: 'Sign out' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Sign out?' });
  await expect(ask).toContainText('Monitoring and alarms stop until you sign in again.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(nav).toBeVisible();
  await expect(form(page)).toBeHidden();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await ask.getByRole('button', { name: 'Sign out' }).click();
  await expect(form(page)).toBeVisible();
});
