/**
 * The Admin screen's Catalogue tab against a simulator this test owns: create → edit →
 * delete from the screen for a collection of each family (groups, people, rules, accounts),
 * a key assigned to a driver, the shared schema refusing before anything is sent, the
 * service's refusal shown at its field, and a collection the account may not see shown
 * read-only. Elements are found by role and name only; the service is asked what it holds.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';

test.describe.configure({ mode: 'serial' });

const ART = join(process.cwd(), 'test/artifacts');
let sim: SimulatorHandle;
let host: RunningHost;

async function server<T>(path: string, login = 'admin'): Promise<T> {
  const token = await sim.tokenFor(login);
  return (await (await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
}

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 20, seed: 13 });
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-catalogue-')) });
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

/** Signs in to the test's simulator as `login` (signing out of whatever is open), then opens a catalogue section. */
async function openSection(page: Page, login: string, section: string) {
  await page.goto(host.url);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const form = page.getByRole('form', { name: 'Sign in to a fleet service' });
  await expect(signOut.or(form)).toBeVisible();
  let here = false;
  if (await signOut.isVisible()) {
    const who = page.getByText(new RegExp(` · ${login}$`));
    here = (await who.count()) > 0 && ((await who.first().getAttribute('title')) ?? '').startsWith(sim.baseUrl);
    if (!here) {
      await signOut.click();
      await page.getByRole('alertdialog', { name: 'Sign out?' }).getByRole('button', { name: 'Sign out' }).click();
    }
  }
  if (!here) {
    await form.getByLabel('Server address').fill(sim.baseUrl);
    await form.getByLabel('Login').fill(login);
    await form.getByLabel('Password').fill(login);
    await form.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Catalogue' }).click();
  await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: section, exact: true }).click();
  await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
}

const table = (page: Page, name: string) => page.getByRole('table', { name });

test('groups: a driver group created, renamed and deleted from the screen', async ({ page }) => {
  await openSection(page, 'demo', 'Driver groups');
  await page.getByRole('button', { name: 'New driver group' }).click();
  const form = page.getByRole('form', { name: 'New driver group' });
  // The shared schema refuses an empty name before anything is sent.
  await form.getByRole('button', { name: 'Create driver group' }).click();
  await expect(form.getByText('Give a name')).toBeVisible();
  await form.getByLabel('Name').fill('E2E night crews');
  await form.getByRole('button', { name: 'Create driver group' }).click();
  const row = table(page, 'Driver groups').getByRole('row', { name: /E2E night crews/ });
  await expect(row).toBeVisible();
  const made = (await server<{ Id: number; Name: string }[]>('/api/DriverGroups', 'demo')).find((g) => g.Name === 'E2E night crews');
  expect(made).toBeDefined();

  await row.getByRole('button', { name: 'Open E2E night crews' }).click();
  const edit = page.getByRole('form', { name: 'Driver group E2E night crews' });
  await edit.getByLabel('Name').fill('E2E night shift');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(table(page, 'Driver groups').getByRole('row', { name: /E2E night shift/ })).toBeVisible();
  expect((await server<{ Name: string }>(`/api/DriverGroups/${made!.Id}`, 'demo')).Name).toBe('E2E night shift');
  await page.screenshot({ path: join(ART, 'catalogue-groups.png') });

  await table(page, 'Driver groups').getByRole('button', { name: 'Open E2E night shift' }).click();
  await page.getByRole('form', { name: 'Driver group E2E night shift' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete driver group?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page, 'Driver groups').getByRole('row', { name: /E2E night shift/ })).toHaveCount(0);
  expect((await server<{ Id: number }[]>('/api/DriverGroups', 'demo')).some((g) => g.Id === made!.Id)).toBe(false);
});

test('people: a driver created, a key assigned to it, a duplicate key refused at its field, the driver kept while it holds the key, both deleted', async ({ page }) => {
  await openSection(page, 'demo', 'Drivers');
  await page.getByRole('button', { name: 'New driver' }).click();
  const form = page.getByRole('form', { name: 'New driver' });
  await form.getByLabel('Name').fill('E2E Dana Driver');
  await form.getByLabel('Phone').fill('+100200300');
  await form.getByRole('button', { name: 'Create driver' }).click();
  await expect(table(page, 'Drivers').getByRole('row', { name: /E2E Dana Driver/ })).toBeVisible();
  const driver = (await server<{ Id: number; Name: string }[]>('/api/Drivers', 'demo')).find((d) => d.Name === 'E2E Dana Driver')!;

  await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Driver keys', exact: true }).click();
  const existing = (await server<{ UId: string }[]>('/api/DriverKeys', 'demo'))[0]!;
  await page.getByRole('button', { name: 'New driver key' }).click();
  const key = page.getByRole('form', { name: 'New driver key' });
  await key.getByLabel('Key code').fill('zz');
  await key.getByRole('button', { name: 'Create driver key' }).click();
  await expect(key.getByText('A key code: 8 to 16 hexadecimal digits')).toBeVisible();
  // The service's own answer, at the field it names: a key already in use.
  await key.getByLabel('Key code').fill(existing.UId);
  await key.getByLabel('Name').fill('E2E spare key');
  await key.getByLabel('Assigned to driver').selectOption({ label: 'E2E Dana Driver' });
  await key.getByRole('button', { name: 'Create driver key' }).click();
  await expect(key.getByRole('alert')).toContainText('already in use');
  await expect(key.getByLabel('Key code')).toHaveAttribute('aria-invalid', 'true');
  await key.getByLabel('Key code').fill('E2E0A1B2C3');
  await key.getByRole('button', { name: 'Create driver key' }).click();
  // The list names the driver a key is assigned to, not its Id.
  await expect(table(page, 'Driver keys').getByRole('row', { name: /E2E0A1B2C3.*E2E Dana Driver/ })).toBeVisible();
  const saved = (await server<{ Id: number; UId: string; DriverId: number }[]>('/api/DriverKeys', 'demo')).find((k) => k.UId === 'E2E0A1B2C3')!;
  expect(saved.DriverId).toBe(driver.Id);
  await table(page, 'Driver keys').getByRole('button', { name: 'Open E2E spare key' }).click();
  await expect(page.getByRole('form', { name: 'Driver key E2E spare key' }).getByLabel('Assigned to driver')).toHaveValue(String(driver.Id));
  await page.screenshot({ path: join(ART, 'catalogue-driver-keys.png') });
  // The service refuses to delete a driver who holds a key, and says why.
  const sections = page.getByRole('navigation', { name: 'Catalogue sections' });
  await sections.getByRole('link', { name: 'Drivers', exact: true }).click();
  await table(page, 'Drivers').getByRole('button', { name: 'Open E2E Dana Driver' }).click();
  await page.getByRole('form', { name: 'Driver E2E Dana Driver' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete driver?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('form', { name: 'Driver E2E Dana Driver' }).getByRole('alert')).toContainText('is used by 1 driver keys');
  await sections.getByRole('link', { name: 'Driver keys', exact: true }).click();
  await table(page, 'Driver keys').getByRole('button', { name: 'Open E2E spare key' }).click();
  await page.getByRole('form', { name: 'Driver key E2E spare key' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete driver key?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page, 'Driver keys').getByRole('row', { name: /E2E0A1B2C3/ })).toHaveCount(0);
  expect((await server<{ Id: number }[]>('/api/DriverKeys', 'demo')).some((k) => k.Id === saved.Id)).toBe(false);
  await sections.getByRole('link', { name: 'Drivers', exact: true }).click();
  await table(page, 'Drivers').getByRole('button', { name: 'Open E2E Dana Driver' }).click();
  await page.getByRole('form', { name: 'Driver E2E Dana Driver' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete driver?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page, 'Drivers').getByRole('row', { name: /E2E Dana Driver/ })).toHaveCount(0);
  expect((await server<{ Id: number }[]>('/api/Drivers', 'demo')).some((d) => d.Id === driver.Id)).toBe(false);
});

test('rules: a command template and an event setting (a rule in words, kinds and objects by name) created, edited and deleted', async ({ page }) => {
  await openSection(page, 'demo', 'Command templates');
  await page.getByRole('button', { name: 'New command template' }).click();
  const form = page.getByRole('form', { name: 'New command template' });
  await form.getByLabel('Name').fill('E2E reboot');
  await form.getByLabel('Command text').fill('reboot now');
  await form.getByRole('button', { name: 'Create command template' }).click();
  await expect(table(page, 'Command templates').getByRole('row', { name: /E2E reboot.*No/ })).toBeVisible();
  await table(page, 'Command templates').getByRole('button', { name: 'Open E2E reboot' }).click();
  const edit = page.getByRole('form', { name: 'Command template E2E reboot' });
  await edit.getByRole('checkbox', { name: /Destructive/ }).check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(table(page, 'Command templates').getByRole('row', { name: /E2E reboot.*Yes/ })).toBeVisible();
  const tpl = (await server<{ Id: number; Name: string; Destructive: boolean }[]>('/api/CommandTemplates', 'demo')).find((t) => t.Name === 'E2E reboot')!;
  expect(tpl.Destructive).toBe(true);
  await table(page, 'Command templates').getByRole('button', { name: 'Open E2E reboot' }).click();
  await page.getByRole('form', { name: 'Command template E2E reboot' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete command template?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page, 'Command templates').getByRole('row', { name: /E2E reboot/ })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Event settings', exact: true }).click();
  await page.getByRole('button', { name: 'New event setting' }).click();
  const rule = page.getByRole('form', { name: 'New event setting' });
  await rule.getByLabel('Name', { exact: true }).fill('E2E geozone watch');
  const kinds = rule.getByRole('group', { name: 'When one of these happens' });
  await kinds.getByRole('checkbox', { name: 'Speeding' }).uncheck();
  await kinds.getByRole('checkbox', { name: 'Geozone entered' }).check();
  await kinds.getByRole('checkbox', { name: 'Geozone left' }).check();
  const sentence = rule.getByRole('status', { name: 'The rule in words' });
  await expect(sentence).toHaveText('When Geozone entered, Geozone left happens to any object, raise an event.');
  // Objects picked by name, not typed ids.
  const [o1, o2] = await server<{ Id: number; Name: string }[]>('/api/Objects', 'demo');
  const objects = rule.getByRole('group', { name: 'to these objects (none ticked: every object)' });
  await objects.getByRole('checkbox', { name: o1!.Name, exact: true }).check();
  await objects.getByRole('checkbox', { name: o2!.Name, exact: true }).check();
  await expect(sentence).toHaveText(`When Geozone entered, Geozone left happens to ${o1!.Name}, ${o2!.Name}, raise an event.`);
  await page.screenshot({ path: join(ART, 'catalogue-event-rule.png') });
  await rule.getByRole('button', { name: 'Create event setting' }).click();
  await expect(table(page, 'Event settings').getByRole('row', { name: /E2E geozone watch.*Geozone entered, Geozone left/ })).toContainText(`${o1!.Name}, ${o2!.Name}`);
  await expect(table(page, 'Event settings').getByRole('row', { name: /^\d+ Speeding Speeding/ })).toContainText('Every object');
  const es = (await server<{ Id: number; Name: string; EventType: number; ObjectIds: number[] }[]>('/api/EventSettings', 'demo')).find((r) => r.Name === 'E2E geozone watch')!;
  expect(es.EventType).toBe(0x18);
  expect([...es.ObjectIds].sort((a, b) => a - b)).toEqual([o1!.Id, o2!.Id].sort((a, b) => a - b));
  await table(page, 'Event settings').getByRole('button', { name: 'Open E2E geozone watch' }).click();
  const opened = page.getByRole('form', { name: 'Event setting E2E geozone watch' });
  await opened.getByRole('checkbox', { name: 'raise an event (the rule is on)' }).uncheck();
  await expect(opened.getByRole('status', { name: 'The rule in words' })).toHaveText(`Off: when Geozone entered, Geozone left happens to ${o1!.Name}, ${o2!.Name}, nothing is raised.`);
  await opened.getByRole('button', { name: 'Save changes' }).click();
  await expect(opened).toHaveCount(0);
  await expect.poll(async () => (await server<{ Id: number; Enabled: boolean }[]>('/api/EventSettings', 'demo')).find((r) => r.Id === es.Id)?.Enabled).toBe(false);
  await page.screenshot({ path: join(ART, 'catalogue-event-settings.png') });
  await table(page, 'Event settings').getByRole('button', { name: 'Open E2E geozone watch' }).click();
  await page.getByRole('form', { name: 'Event setting E2E geozone watch' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete event setting?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page, 'Event settings').getByRole('row', { name: /E2E geozone watch/ })).toHaveCount(0);
});

test('rights: users are read-only for an ordinary account; penalties say they cannot be created', async ({ page }) => {
  await openSection(page, 'demo', 'Users');
  await expect(page.getByRole('note')).toContainText('Read-only');
  await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0);
  await page.screenshot({ path: join(ART, 'catalogue-users-read-only.png') });
  await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Penalties', exact: true }).click();
  await expect(page.getByText('new penalties cannot be added')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New penalty' })).toHaveCount(0);
  // Geozones are named in the sections too, and open their map editor.
  await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Geozones (on the map)' }).click();
  await expect(page.getByRole('listbox', { name: 'Geozones' }).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Geozone map' })).toBeVisible();
});

test('accounts: an administrator creates, edits and deletes a user; a company page shows its statistics', async ({ page }) => {
  await openSection(page, 'admin', 'Users');
  await page.getByRole('button', { name: 'New user' }).click();
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('Login').fill('e2e-clerk');
  await form.getByLabel('Name', { exact: true }).fill('E2E Clerk');
  await form.getByLabel('E-mail').fill('not-an-address');
  await form.getByLabel('Password').fill('secret1');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByText('An e-mail address')).toBeVisible();
  await form.getByLabel('E-mail').fill('clerk@example.com');
  await form.getByRole('button', { name: 'Create user' }).click();
  await table(page, 'Users').getByRole('button', { name: 'Open E2E Clerk' }).click();
  const edit = page.getByRole('form', { name: 'User E2E Clerk' });
  await edit.getByRole('checkbox', { name: 'Administrator' }).check();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(table(page, 'Users').getByRole('row', { name: /e2e-clerk.*Yes/ })).toBeVisible();
  const u = (await server<{ Id: number; Login: string; IsAdmin: boolean }[]>('/api/Users')).find((x) => x.Login === 'e2e-clerk')!;
  expect(u.IsAdmin).toBe(true);
  await table(page, 'Users').getByRole('button', { name: 'Open E2E Clerk' }).click();
  await page.getByRole('form', { name: 'User E2E Clerk' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete user?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page, 'Users').getByRole('row', { name: /e2e-clerk/ })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Catalogue sections' }).getByRole('link', { name: 'Companies', exact: true }).click();
  const first = (await server<{ Id: number; Name: string }[]>('/api/Companies'))[0]!;
  const stats = (await server<{ CompanyId: number; Objects: number }[]>('/api/Companies/statistics')).find((s) => s.CompanyId === first.Id)!;
  await table(page, 'Companies').getByRole('button', { name: `Open ${first.Name}` }).click();
  const region = page.getByRole('region', { name: 'Company statistics' });
  await expect(region.getByRole('definition').first()).toHaveText(String(stats.Objects));
  await page.screenshot({ path: join(ART, 'catalogue-company.png') });
});

test('objects: the IMEI checked as it is typed, the model picked from the service, created, edited and deleted', async ({ page }) => {
  await openSection(page, 'demo', 'Objects edit');
  const taken = (await server<{ IMEI: string }[]>('/api/Objects', 'demo'))[0]!.IMEI;
  const models = await server<{ Name: string }[]>('/api/Objects/models', 'demo');
  await page.getByRole('button', { name: 'New object' }).click();
  const form = page.getByRole('form', { name: 'New object' });
  await form.getByLabel('Name').fill('E2E tractor');
  await form.getByLabel('IMEI').fill(taken);
  await expect(form.getByRole('status').filter({ hasText: 'IMEI' })).toHaveText('IMEI already in use');
  await form.getByLabel('IMEI').fill('359000000000777');
  await expect(form.getByRole('status').filter({ hasText: 'IMEI' })).toHaveText('IMEI available');
  await form.getByLabel('Device model').selectOption(models[1]!.Name);
  await form.getByLabel('Plate').fill('E2E-001');
  await page.screenshot({ path: join(ART, 'catalogue-object-create.png') });
  await form.getByRole('button', { name: 'Create object' }).click();
  await expect(table(page, 'Objects edit').getByRole('row', { name: /E2E tractor/ })).toBeVisible();
  const made = (await server<{ Id: number; Name: string; DeviceType: string; StateNumber: string }[]>('/api/Objects', 'demo')).find((o) => o.Name === 'E2E tractor')!;
  expect(made).toMatchObject({ DeviceType: models[1]!.Name, StateNumber: 'E2E-001' });

  await table(page, 'Objects edit').getByRole('button', { name: 'Open E2E tractor' }).click();
  const edit = page.getByRole('form', { name: 'Object E2E tractor' });
  await edit.getByLabel('Max speed (km/h)').fill('0');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('km/h: 1 to 400')).toBeVisible();
  await edit.getByLabel('Max speed (km/h)').fill('70');
  await edit.getByLabel('Plate').fill('E2E-002');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(table(page, 'Objects edit').getByRole('row', { name: /E2E tractor.*E2E-002/ })).toBeVisible();
  expect(await server<{ MaxSpeed: number; StateNumber: string }>(`/api/Objects/${made.Id}`, 'demo')).toMatchObject({ MaxSpeed: 70, StateNumber: 'E2E-002' });
  await table(page, 'Objects edit').getByRole('button', { name: 'Open E2E tractor' }).click();
  await page.getByRole('form', { name: 'Object E2E tractor' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete object?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page, 'Objects edit').getByRole('row', { name: /E2E tractor/ })).toHaveCount(0);
});

test('offline: an edit made while the service is away is listed, replayed when it answers, and a conflict is resolved', async ({ page }) => {
  await openSection(page, 'demo', 'Drivers');
  const drivers = await server<{ Id: number; Name: string }[]>('/api/Drivers', 'demo');
  const [x, y] = [drivers[0]!, drivers[1]!];
  await expect(table(page, 'Drivers').getByRole('row', { name: new RegExp(y.Name) })).toBeVisible();
  // Someone else renames y on the service after this console read it.
  const token = await sim.tokenFor('demo');
  await fetch(`${sim.baseUrl}/api/Drivers`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ Id: y.Id, Name: 'E2E theirs' }) });

  await sim.stopListening();
  try {
    for (const [d, name] of [[x, 'E2E offline rename'], [y, 'E2E mine']] as const) {
      await table(page, 'Drivers').getByRole('button', { name: `Open ${d.Name}` }).click();
      const form = page.getByRole('form', { name: `Driver ${d.Name}` });
      await form.getByLabel('Name').fill(name);
      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(form).toHaveCount(0, { timeout: 30_000 });
    }
    const pending = page.getByRole('region', { name: 'Pending changes' });
    await expect(pending.getByRole('listitem')).toHaveCount(2);
    await expect(pending.getByRole('listitem').first()).toContainText(`Driver “${x.Name}” — changed: Name`);
    await page.screenshot({ path: join(ART, 'catalogue-pending.png') });
  } finally {
    await sim.startListening();
  }
  const pending = page.getByRole('region', { name: 'Pending changes' });
  const conflict = pending.getByRole('table', { name: /^Conflict:/ });
  await expect(conflict).toBeVisible({ timeout: 60_000 });
  await expect(conflict.getByRole('row', { name: /Name/ })).toContainText(`${y.Name}E2E mineE2E theirs`);
  expect((await server<{ Name: string }>(`/api/Drivers/${x.Id}`, 'demo')).Name).toBe('E2E offline rename');
  await page.screenshot({ path: join(ART, 'catalogue-conflict.png') });
  // The undelivered writes' banner sends a conflict to its choice, not again as it is (which met the same conflict).
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Live' }).click();
  await expect(pending).toHaveCount(0);
  const undelivered = page.getByRole('list', { name: 'Writes that could not be delivered' }).getByRole('listitem').filter({ hasText: `Driver “${y.Name}”` });
  await expect(undelivered.getByRole('button', { name: /^Try again/ })).toHaveCount(0);
  await undelivered.getByRole('button', { name: `Choose a version: Driver “${y.Name}” — changed: Name` }).click();
  await expect(page).toHaveURL(/#\/admin\/catalogue\/drivers$/);
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  await pending.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByRole('region', { name: 'Pending changes' })).toHaveCount(0, { timeout: 60_000 });
  expect((await server<{ Name: string }>(`/api/Drivers/${y.Id}`, 'demo')).Name).toBe('E2E mine');
  await expect(table(page, 'Drivers').getByRole('row', { name: /E2E mine/ })).toBeVisible();
});

test('offline: a collection opens from the kept copy with its age when the service does not answer', async ({ page }) => {
  await openSection(page, 'demo', 'Command templates');
  const names = (await server<{ Name: string }[]>('/api/CommandTemplates', 'demo')).map((t) => t.Name);
  await expect(table(page, 'Command templates').getByRole('row', { name: new RegExp(names[0]!) })).toBeVisible();
  await sim.stopListening();
  try {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('note').filter({ hasText: 'this is the copy kept from' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status').filter({ hasText: /^Kept copy .* ago$/ })).toBeVisible();
    for (const n of names) await expect(table(page, 'Command templates').getByRole('row', { name: new RegExp(n) }).first()).toBeVisible();
    await page.screenshot({ path: join(ART, 'catalogue-offline-list.png') });
  } finally {
    await sim.startListening();
  }
});

test('people: a shift with its drivers picked by name, created and deleted', async ({ page }) => {
  await openSection(page, 'demo', 'Shifts');
  const [a, b] = await server<{ Id: number; Name: string }[]>('/api/Drivers', 'demo');
  await page.getByRole('button', { name: 'New shift' }).click();
  const form = page.getByRole('form', { name: 'New shift' });
  await form.getByLabel('Name', { exact: true }).fill('E2E late shift');
  await form.getByLabel('Starts (minutes after local midnight)').fill('1320');
  const drivers = form.getByRole('group', { name: 'Drivers' });
  await drivers.getByRole('checkbox', { name: a!.Name }).first().check();
  await drivers.getByRole('checkbox', { name: b!.Name }).first().check();
  await form.getByRole('button', { name: 'Create shift' }).click();
  await expect(table(page, 'Shifts').getByRole('row', { name: /E2E late shift.*22:00/ })).toBeVisible();
  const shift = (await server<{ Id: number; Name: string; DriverIds: number[] }[]>('/api/DriverShifts', 'demo')).find((s) => s.Name === 'E2E late shift')!;
  expect([...shift.DriverIds].sort((x, y) => x - y)).toEqual([a!.Id, b!.Id].sort((x, y) => x - y));
  await table(page, 'Shifts').getByRole('button', { name: 'Open E2E late shift' }).click();
  await page.getByRole('form', { name: 'Shift E2E late shift' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete shift?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table(page, 'Shifts').getByRole('row', { name: /E2E late shift/ })).toHaveCount(0);
});
