/**
 * Specs that run the console against a simulator they own: the demo account's objects as
 * the service itself lists them, and the way from the host's embedded demo to that simulator.
 */
import { expect, type Page } from './test';

/** What the demo login may see, asked of the service itself, not read off the screen. */
export async function demoObjects(baseUrl: string): Promise<{ Id: number; Name: string }[]> {
  const token = await fetch(`${baseUrl}/api/Token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'demo', Password: 'demo' }) });
  const { AccessToken } = (await token.json()) as { AccessToken: string };
  const objects = await fetch(`${baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${AccessToken}` } });
  return (await objects.json()) as { Id: number; Name: string }[];
}

/**
 * The host opens its embedded demo: sign out of it and into `baseUrl` as `login` (demo by
 * default; the password is the login, as in the simulator), remembered, unless the page is on
 * that service already. The caller waits for what it needs shown.
 */
export async function signInToOwnFleet(page: Page, hostUrl: string, baseUrl: string, login = 'demo'): Promise<void> {
  await page.goto(hostUrl);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const form = page.getByRole('form', { name: 'Sign in to a fleet service' });
  await expect(signOut.or(form)).toBeVisible();
  if (await signOut.isVisible()) {
    // The top bar's "<server name> · <login>", its title the server's address.
    if ((await page.getByTitle(baseUrl).filter({ hasText: new RegExp(` · ${login}$`) }).count()) > 0) return;
    await signOut.click();
    await page.getByRole('alertdialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
  }
  await form.getByLabel('Server address').fill(baseUrl);
  await form.getByLabel('Login').fill(login);
  await form.getByLabel('Password').fill(login);
  await form.getByLabel('Remember me on this computer').check();
  await form.getByRole('button', { name: 'Sign in' }).click();
}
