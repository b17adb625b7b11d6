/**
 * Admin › Geozones against a simulator this test owns: a circle and a polygon drawn by
 * clicks on the map (Geoman), a line with a width, the circle moved, the polygon reshaped,
 * renamed and recoloured, then deleted after the question; each step read back from the
 * service and seen on the live map open in a second window (redrawn by the push, no
 * reload); a group gone from the service is refused at the Group field with its words;
 * a 403 turns the editor read-only. Elements are found by role and name.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { startBrowserMode, type RunningHost } from './support/browser-mode';
import { signInToOwnFleet } from './support/own-fleet';

test.describe.configure({ mode: 'serial' });

interface Zone {
  Id: number;
  Name: string;
  Type: string;
  Color: string;
  GroupId: number;
  Center?: { Lat: number; Lng: number };
  Radius?: number;
  Width?: number;
  Points: { Lat: number; Lng: number }[];
}
interface LeafletMap {
  setView(c: [number, number], z: number, o: unknown): void;
  containerPointToLatLng(p: [number, number]): { lat: number; lng: number };
}
/** The page's hooks this spec reads (typed here: other specs declare `__fleetMap` with more of it). */
type Hooks = {
  __geozoneMap?: LeafletMap;
  __fleetMap?: { geozones(): { count: number; drawn: { id: number | null; color: string; type: string }[] } };
};

const ART = join(process.cwd(), 'test/artifacts');
/** An empty stretch of country (no seeded zone within 100 km), at a zoom where a click is ~3 m. */
const EMPTY: [number, number] = [47.0, 2.0];
let sim: SimulatorHandle;
let host: RunningHost;
let tempGroup = 0;

async function api<T>(method: string, path: string, body?: unknown, login = 'demo'): Promise<T> {
  const r = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${await sim.tokenFor(login)}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
const zones = () => api<Zone[]>('GET', '/api/Geozones');
const zoneNamed = async (name: string) => (await zones()).find((z) => z.Name === name);

test.beforeAll(async () => {
  sim = await startSimulator({ objects: 30, seed: 24 });
  // Made before sign-in, so the console's cache knows it; deleted on the service later.
  tempGroup = (await api<{ Id: number }>('POST', '/api/Geozones/Groups', { Name: 'Temporary sites' })).Id;
  host = await startBrowserMode({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-geozones-')) });
  mkdirSync(ART, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  await sim?.close();
});

/** The live map in one page, the editor in a second one on the same session. */
async function open(page: Page): Promise<{ live: Page; admin: Page }> {
  await signInToOwnFleet(page, host.url, sim.baseUrl);
  await expect(page.getByRole('region', { name: 'Map of the fleet' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as Hooks).__fleetMap?.geozones().count ?? 0)).toBeGreaterThan(0);
  const admin = await page.context().newPage();
  await admin.setViewportSize({ width: 1400, height: 860 });
  await admin.goto(`${host.url}#/admin/geozones`);
  await expect(admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  return { live: page, admin };
}

const liveZone = (live: Page, id: number) => live.evaluate((i) => (globalThis as unknown as Hooks).__fleetMap!.geozones().drawn.find((z) => z.id === i) ?? null, id);

/** Puts the editor's map over an empty place and returns where its centre is on the page. */
async function emptyView(admin: Page, zoom = 15): Promise<{ x: number; y: number }> {
  await admin.evaluate(([c, z]) => (globalThis as unknown as Hooks).__geozoneMap!.setView(c as [number, number], z as number, { animate: false }), [EMPTY, zoom] as const);
  const box = (await admin.getByRole('region', { name: 'Geozone map' }).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function drag(admin: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await admin.mouse.move(from.x, from.y);
  await admin.mouse.down();
  await admin.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await admin.mouse.move(to.x, to.y, { steps: 5 });
  await admin.mouse.up();
}

const form = (admin: Page, name = 'Geozone') => admin.getByRole('form', { name });
const status = (admin: Page, text: string) => admin.getByRole('status').filter({ hasText: text });

test('draw a circle, a polygon and a line; move, reshape, rename, recolour, delete; each at the service and on the live map', async ({ page }) => {
  const { live, admin } = await open(page);
  const c = await emptyView(admin);
  const tools = admin.getByRole('toolbar', { name: 'Draw a geozone' });

  // A circle: its centre, then a point on its edge 60 px east (≈195 m at zoom 15 and 47°N).
  await tools.getByRole('button', { name: 'Draw circle' }).click();
  await admin.mouse.click(c.x - 200, c.y);
  await admin.mouse.click(c.x - 140, c.y);
  const fresh = form(admin, 'New geozone');
  await expect(fresh).toBeVisible();
  await fresh.getByRole('textbox', { name: 'Name' }).fill('Test gate');
  await fresh.getByRole('button', { name: 'Create' }).click();
  await expect(status(admin, 'Created “Test gate”.')).toBeVisible();
  const gate = (await zoneNamed('Test gate'))!;
  expect(gate).toMatchObject({ Type: 'Circle', Color: '#3388FF', GroupId: 0 });
  expect(gate.Radius).toBeGreaterThan(175);
  expect(gate.Radius).toBeLessThan(215);
  await expect.poll(() => liveZone(live, gate.Id)).toMatchObject({ type: 'Circle' });

  // Moved: its centre handle dragged 80 px east (≈260 m), then saved.
  await expect(form(admin).getByRole('textbox', { name: 'Name' })).toHaveValue('Test gate');
  await drag(admin, { x: c.x - 200, y: c.y }, { x: c.x - 120, y: c.y });
  await form(admin).getByRole('button', { name: 'Save' }).click();
  await expect(status(admin, 'Saved “Test gate”.')).toBeVisible();
  const moved = (await zoneNamed('Test gate'))!;
  const eastM = (moved.Center!.Lng - gate.Center!.Lng) * 111_320 * Math.cos((47 * Math.PI) / 180);
  expect(eastM).toBeGreaterThan(220);
  expect(eastM).toBeLessThan(300);
  expect(moved.Radius).toBeCloseTo(gate.Radius!, 0);

  // A polygon: four corners, then the first again to close it.
  const corners = [{ x: c.x + 20, y: c.y - 80 }, { x: c.x + 160, y: c.y - 80 }, { x: c.x + 160, y: c.y + 60 }, { x: c.x + 20, y: c.y + 60 }];
  await tools.getByRole('button', { name: 'Draw polygon' }).click();
  for (const p of corners) await admin.mouse.click(p.x, p.y);
  await admin.mouse.click(corners[0]!.x, corners[0]!.y);
  await form(admin, 'New geozone').getByRole('textbox', { name: 'Name' }).fill('Test yard');
  await form(admin, 'New geozone').getByRole('button', { name: 'Create' }).click();
  await expect(status(admin, 'Created “Test yard”.')).toBeVisible();
  const yard = (await zoneNamed('Test yard'))!;
  expect(yard.Type).toBe('Polygon');
  expect(yard.Points).toHaveLength(4);
  await expect.poll(() => liveZone(live, yard.Id)).toMatchObject({ type: 'Polygon' });
  // The editor selects the new zone once its own reload lands; a drag before that pans the map.
  await expect(form(admin).getByRole('textbox', { name: 'Name' })).toHaveValue('Test yard');

  // Reshaped (a corner dragged out), renamed and recoloured in one save.
  await drag(admin, corners[2]!, { x: corners[2]!.x + 60, y: corners[2]!.y + 50 });
  await expect(form(admin).getByText('Polygon, 4 points')).toBeVisible();
  await form(admin).getByRole('textbox', { name: 'Name' }).fill('Yard north');
  await form(admin).getByLabel('Colour').fill('#aa2200');
  await form(admin).getByRole('button', { name: 'Save' }).click();
  await expect(status(admin, 'Saved “Yard north”.')).toBeVisible();
  const reshaped = (await api<Zone[]>('GET', '/api/Geozones')).find((z) => z.Id === yard.Id)!;
  expect(reshaped).toMatchObject({ Name: 'Yard north', Color: '#AA2200' });
  expect(reshaped.Points[2]!.Lat).toBeLessThan(yard.Points[2]!.Lat);
  expect(reshaped.Points[2]!.Lng).toBeGreaterThan(yard.Points[2]!.Lng);
  expect(reshaped.Points[0]).toEqual(yard.Points[0]);
  await expect.poll(() => liveZone(live, yard.Id)).toMatchObject({ color: '#AA2200' });
  await expect(admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option', { name: /Yard north/, selected: true })).toBeVisible();

  // A line: two points, the last clicked again to finish; a width of 0 is refused here, 35 m is sent.
  await tools.getByRole('button', { name: 'Draw line' }).click();
  await admin.mouse.click(c.x - 250, c.y + 150);
  await admin.mouse.click(c.x + 250, c.y + 170);
  await admin.mouse.click(c.x + 250, c.y + 170);
  const lineForm = form(admin, 'New geozone');
  await lineForm.getByRole('textbox', { name: 'Name' }).fill('Test road');
  const width = lineForm.getByRole('spinbutton', { name: 'Width (m)' });
  await width.fill('0');
  await lineForm.getByRole('button', { name: 'Create' }).click();
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await expect(width).toHaveAccessibleDescription('A line needs a width above 0 metres');
  await width.fill('35');
  await lineForm.getByRole('button', { name: 'Create' }).click();
  await expect(status(admin, 'Created “Test road”.')).toBeVisible();
  const road = (await zoneNamed('Test road'))!;
  expect(road).toMatchObject({ Type: 'Line', Width: 35 });
  expect(road.Points).toHaveLength(2);
  await expect.poll(() => liveZone(live, road.Id)).toMatchObject({ type: 'Line' });

  // Moved whole: in Move mode the line is dragged by its middle 40 px north (≈130 m).
  const editOnMap = admin.getByRole('group', { name: 'Edit on the map' });
  await editOnMap.getByRole('button', { name: 'Move' }).click();
  await drag(admin, { x: c.x, y: c.y + 160 }, { x: c.x, y: c.y + 120 });
  await form(admin).getByRole('button', { name: 'Save' }).click();
  await expect(status(admin, 'Saved “Test road”.')).toBeVisible();
  const roadMoved = (await zoneNamed('Test road'))!;
  for (const [i, p] of roadMoved.Points.entries()) {
    const northM = (p.Lat - road.Points[i]!.Lat) * 111_320;
    expect(northM).toBeGreaterThan(100);
    expect(northM).toBeLessThan(160);
  }
  await editOnMap.getByRole('button', { name: 'Reshape' }).click();

  await admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option', { name: /Yard north/ }).click();
  await admin.screenshot({ path: join(ART, 'geozone-editor.png') });

  // Deleted after the question; gone at the service and from the live map.
  const before = await live.evaluate(() => (globalThis as unknown as Hooks).__fleetMap!.geozones().count);
  await form(admin).getByRole('button', { name: 'Delete…' }).click();
  const ask = admin.getByRole('alertdialog', { name: 'Delete this geozone?' });
  await expect(ask).toContainText('There is no undo.');
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(status(admin, 'Deleted “Yard north”.')).toBeVisible();
  expect((await zones()).some((z) => z.Id === yard.Id)).toBe(false);
  await expect.poll(() => liveZone(live, yard.Id)).toBeNull();
  expect(await live.evaluate(() => (globalThis as unknown as Hooks).__fleetMap!.geozones().count)).toBe(before - 1);
  await expect(admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option', { name: /Yard north/ })).toHaveCount(0);
});

test('a group gone from the service: its refusal is shown at the Group field, nothing changes', async ({ page }) => {
  const { admin } = await open(page);
  await admin.getByRole('searchbox', { name: 'Find a geozone' }).fill('Test gate');
  await admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option', { name: /Test gate/ }).click();
  const group = form(admin).getByRole('combobox', { name: 'Group' });
  await group.selectOption({ label: 'Temporary sites' });
  await api('DELETE', `/api/Geozones/Groups/${tempGroup}`);
  await form(admin).getByRole('button', { name: 'Save' }).click();
  await expect(group).toHaveAttribute('aria-invalid', 'true');
  await expect(form(admin).getByText(`GroupId: ${tempGroup} does not exist`)).toBeVisible();
  expect((await zoneNamed('Test gate'))!.GroupId).toBe(0);
});

test('offline: a geozone renamed while the service is away is listed as pending and replayed when it answers', async ({ page }) => {
  const { admin } = await open(page);
  const gate = (await zoneNamed('Test gate'))!;
  await admin.getByRole('searchbox', { name: 'Find a geozone' }).fill('Test gate');
  await admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option', { name: /Test gate/ }).click();
  await sim.stopListening();
  try {
    await form(admin).getByRole('textbox', { name: 'Name' }).fill('Gate renamed offline');
    await form(admin).getByRole('button', { name: 'Save' }).click();
    await expect(status(admin, 'kept as a pending change')).toBeVisible({ timeout: 30_000 });
    const pending = admin.getByRole('region', { name: 'Pending changes' });
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    await expect(pending.getByRole('listitem')).toContainText('Geozone “Test gate” — changed: Name');
    await admin.screenshot({ path: join(ART, 'geozone-pending.png') });
  } finally {
    await sim.startListening();
  }
  await expect(admin.getByRole('region', { name: 'Pending changes' })).toHaveCount(0, { timeout: 60_000 });
  expect((await zones()).find((z) => z.Id === gate.Id)?.Name).toBe('Gate renamed offline');
  await admin.getByRole('searchbox', { name: 'Find a geozone' }).fill('');
  await expect(admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option', { name: /Gate renamed offline/ })).toBeVisible();
  await api('PUT', '/api/Geozones', { Id: gate.Id, Name: 'Test gate' });
});

test('a 403 turns the editor read-only and says so; the zones still show', async ({ page }) => {
  const { admin } = await open(page);
  await api('PUT', '/api/Users', { Id: 1, ReadOnly: true }, 'admin');
  try {
    await admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option', { name: /Test road/ }).click();
    await form(admin).getByRole('textbox', { name: 'Name' }).fill('Road renamed');
    await form(admin).getByRole('button', { name: 'Save' }).click();
    await expect(status(admin, 'Read-only: this account may not change geozones')).toContainText('This account may not change geozone records');
    await expect(admin.getByRole('toolbar', { name: 'Draw a geozone' })).toHaveCount(0);
    await expect(form(admin).getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(form(admin).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await expect(admin.getByRole('listbox', { name: 'Geozones' }).getByRole('option', { name: /Test road/ })).toBeVisible();
    expect(await zoneNamed('Test road')).toBeTruthy();
  } finally {
    await api('PUT', '/api/Users', { Id: 1, ReadOnly: false }, 'admin');
  }
});
