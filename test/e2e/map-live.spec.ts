/**
 * The live map in browser mode: clusters, geozones, follow, themes, panel windows and
 * tiles served from the main side's cache. Tiles come from a tiny server on 127.0.0.1
 * (never the internet): the tile URL is set in the data folder before the host starts.
 */
import { expect, test, type Page } from './support/test';
import { mkdirSync } from 'node:fs';
import { startTileServer, type TileServer } from '../integration/tiles/tile-server';
import type { RunningHost } from './support/browser-mode';
import { startMapHost } from './support/map-host';
import { STATE_COLOR } from '../../renderer/src/stores/object-state';

interface Hooks {
  map: { getZoom(): number; setZoom(z: number, o?: unknown): void; setView(c: [number, number], z: number, o?: unknown): void; getCenter(): { lat: number; lng: number }; latLngToContainerPoint(p: [number, number]): { x: number; y: number }; getSize(): { x: number; y: number }; panBy(offset: [number, number], o?: unknown): unknown };
  clusters(): { x: number; y: number; count: number }[];
  geozones(): { shown: boolean; count: number; largest: [number, number] | null };
  follow(): boolean;
  selected(): number | null;
  labels(): number;
  pixelsFrom(n: number): void;
}
declare global {
  var __fleetMap: Hooks | undefined;
  var __fleetPositions: (() => Record<string, [number, number]>) | undefined;
}

// Page-side code runs in Chromium; this project's Node typings have no DOM.
declare const document: { documentElement: { dataset: Record<string, string | undefined> } };

let host: RunningHost;
let tiles: TileServer;

interface WorldCanvas {
  width: number;
  style: { width: string };
  _leaflet_pos?: { x: number; y: number };
  getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

/** The world outline's alpha at a place, centred at zoom 6, two frames after the move (it draws on the next frame). */
async function worldAlphaAt(page: Page, lat: number, lng: number): Promise<number> {
  return page.evaluate(
    ([lat, lng]) =>
      new Promise<number>((resolve) => {
        const map = globalThis.__fleetMap!.map as unknown as { setView(c: [number, number], z: number, o: unknown): void; latLngToLayerPoint(p: [number, number]): { x: number; y: number } };
        map.setView([lat, lng], 6, { animate: false });
        const frame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame;
        frame(() =>
          frame(() => {
            const doc = (globalThis as unknown as { document: { querySelector(s: string): WorldCanvas | null } }).document;
            const c = doc.querySelector('.leaflet-fallback-pane canvas')!;
            const p = map.latLngToLayerPoint([lat, lng]);
            // The canvas may hold fewer pixels than it covers (drawn coarser, scaled up).
            const k = c.width / parseFloat(c.style.width);
            const at = (v: number, o: number) => Math.round((v - o) * k);
            resolve(c.getContext('2d').getImageData(at(p.x, c._leaflet_pos!.x), at(p.y, c._leaflet_pos!.y), 1, 1).data[3]!);
          }),
        );
      }),
    [lat, lng] as const,
  );
}

test.beforeAll(async () => {
  ({ host, tiles } = await startMapHost('fleet-e2e-map-'));
});
test.afterAll(async () => {
  await host?.stop();
  await tiles?.close();
});

async function openLive(page: Page) {
  await page.goto(host.url);
  await expect(page.getByRole('region', { name: 'Map of the fleet' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys(globalThis.__fleetPositions?.() ?? {}).length)).toBeGreaterThan(10);
}

test('a tile address that is not one is refused in plain words, and nothing is saved', async ({ page }) => {
  // The contract's schemas (zod) are not among the Live screen's scripts: they load with the
  // first check of a typed address (decision 0085).
  const scripts: Promise<string>[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(r.text().catch(() => ''));
  });
  const scriptsWithZod = async () => (await Promise.all(scripts)).filter((text) => text.includes('ZodError')).length;
  await openLive(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(await scriptsWithZod()).toBe(0);
  await page.getByText('Map tiles', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Map tile source' });
  const field = form.getByRole('textbox', { name: 'Tile URL' });
  await expect(field).toHaveValue(tiles.template);
  await field.fill('ftp://tiles.example/{z}/{x}.png');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Not a tile address: An http(s) address with {z}, {x} and {y}, like https://tile.openstreetmap.org/{z}/{x}/{y}.png.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/^Not a tile address/);
  expect(await scriptsWithZod()).toBe(1);
  await page.reload();
  await page.getByText('Map tiles', { exact: true }).click();
  await expect(page.getByRole('form', { name: 'Map tile source' }).getByRole('textbox', { name: 'Tile URL' })).toHaveValue(tiles.template);
});

test('names show beside the objects once zoomed in to street level', async ({ page }) => {
  await openLive(page);
  const at = await page.evaluate(() => Object.values(globalThis.__fleetPositions!())[0]!);
  await page.evaluate((p) => globalThis.__fleetMap!.map.setView(p, 16, { animate: false }), at);
  // Names are measured ahead while the page is idle, or a few per frame: they show within frames.
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.labels())).toBeGreaterThan(0);
  await page.getByRole('region', { name: 'Map of the fleet' }).screenshot({ path: 'test/artifacts/live-labels.png' });
  await page.evaluate((p) => globalThis.__fleetMap!.map.setView(p, 12, { animate: false }), at);
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.labels())).toBe(0);
});

test('each object is painted in a state colour at its own position, drawn one by one or composited', async ({ page }) => {
  await openLive(page);
  const before = await page.evaluate(() => globalThis.__fleetPositions!());
  await page.waitForTimeout(2500);
  const all = Object.entries(await page.evaluate(() => globalThis.__fleetPositions!()));
  // Standing objects (a moving one is elsewhere by the time it is drawn) with no neighbour
  // within ~20 m: at zoom 18 nothing else covers their centre. A wider radius found none at
  // night, when the fleet stands in its depots a few metres apart.
  const still = all.filter(([id, [lat, lng]]) => before[id]?.[0] === lat && before[id]?.[1] === lng);
  const alone = still.filter(([id, [lat, lng]]) => all.every(([o, [la, ln]]) => o === id || Math.abs(la - lat) > 0.0002 || Math.abs(ln - lng) > 0.0003)).slice(0, 3);
  expect(alone.length).toBeGreaterThan(0);
  const palette = Object.values(STATE_COLOR).map((hex) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)));
  // A few objects are drawn one by one (drawImage); from a threshold (0 here) they are composited in script.
  for (const [pixelsFrom, [id, at]] of [...alone.map((a) => [Infinity, a] as const), ...alone.map((a) => [0, a] as const)]) {
    await page.evaluate((n) => globalThis.__fleetMap!.pixelsFrom(n), pixelsFrom);
    const rgba = await page.evaluate(
      ([id, at]) =>
        new Promise<number[]>((resolve) => {
          const map = globalThis.__fleetMap!.map as unknown as { setView(c: [number, number], z: number, o: unknown): void; latLngToLayerPoint(p: [number, number]): { x: number; y: number } };
          map.setView(at, 18, { animate: false });
          const frame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame;
          frame(() =>
            frame(() => {
              const doc = (globalThis as unknown as { document: { querySelector(s: string): WorldCanvas | null } }).document;
              const c = doc.querySelector('canvas.fleet-object-layer')!;
              const p = map.latLngToLayerPoint(globalThis.__fleetPositions!()[id]!);
              const k = c.width / parseFloat(c.style.width);
              const px = (v: number, o: number) => Math.round((v - o) * k);
              resolve([...c.getContext('2d').getImageData(px(p.x, c._leaflet_pos!.x), px(p.y, c._leaflet_pos!.y), 1, 1).data]);
            }),
          );
        }),
      [id, at] as const,
    );
    // Opaque, and within a rounding of one of the states' colours: the dot is centred on the object.
    expect(rgba[3]).toBe(255);
    const nearest = Math.min(...palette.map((c) => Math.max(...c.map((v, i) => Math.abs(v - rgba[i]!)))));
    expect(nearest).toBeLessThanOrEqual(2);
  }
});

test('clusters show their counts at low zoom, and a click on one zooms in', async ({ page }) => {
  await openLive(page);
  await page.evaluate(() => void globalThis.__fleetMap!.map.setView([50, 10], 4, { animate: false }));
  // The clusters drawn on the canvas are also listed for keyboard and screen-reader users.
  const list = page.getByRole('list', { name: 'Clusters in view' });
  await expect(list.getByRole('button', { name: /^Zoom to a cluster of \d+ objects$/ }).first()).toBeAttached();
  const clusters = await page.evaluate(() => globalThis.__fleetMap!.clusters());
  expect(clusters.length).toBeGreaterThan(0);
  const big = clusters.sort((a, b) => b.count - a.count)[0]!;
  expect(big.count).toBeGreaterThan(1);
  const box = (await page.getByRole('region', { name: 'Map of the fleet' }).boundingBox())!;
  const before = await page.evaluate(() => globalThis.__fleetMap!.map.getZoom());
  await page.mouse.click(box.x + big.x, box.y + big.y);
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.map.getZoom())).toBeGreaterThan(before);

  // The keyboard path does the same.
  await page.evaluate(() => void globalThis.__fleetMap!.map.setView([50, 10], 4, { animate: false }));
  await list.getByRole('button', { name: /^Zoom to a cluster of/ }).first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.map.getZoom())).toBeGreaterThan(4);
});

test('the geozone overlay can be switched off and on', async ({ page }) => {
  await openLive(page);
  const layers = page.getByRole('group', { name: 'Map layers' });
  const box = layers.getByRole('checkbox', { name: /Geozones/ });
  await expect(box).toBeChecked();
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.geozones())).toMatchObject({ shown: true, count: expect.any(Number) });
  expect((await page.evaluate(() => globalThis.__fleetMap!.geozones())).count).toBeGreaterThan(0);
  await box.uncheck();
  expect((await page.evaluate(() => globalThis.__fleetMap!.geozones())).shown).toBe(false);
  // The choice is remembered.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Map layers' }).getByRole('checkbox', { name: /Geozones/ })).not.toBeChecked();
  await page.getByRole('group', { name: 'Map layers' }).getByRole('checkbox', { name: /Geozones/ }).check();
  expect((await page.evaluate(() => globalThis.__fleetMap!.geozones())).shown).toBe(true);
});

test('the first click of a session reaches its checkbox before the page renders anything for it', async ({ page }) => {
  // The first click also switches alarm sounds on, and its note leaves the Events panel. Were
  // that rendered while the click is still on its way, any live update waiting beside it would
  // render too and put the checkbox back as it was: CI saw "Clicking the checkbox did not
  // change its state". So when the click reaches the page's elements, the note is still there.
  await page.addInitScript(() => {
    const g = globalThis as unknown as {
      __noteAtClick?: boolean;
      document: { addEventListener(t: string, f: () => void, o: unknown): void; body: { innerText: string } };
    };
    g.document.addEventListener('click', () => void (g.__noteAtClick ??= g.document.body.innerText.includes('Click anywhere to enable alarm sounds')), { capture: true });
  });
  await openLive(page);
  const note = page.getByText('Click anywhere to enable alarm sounds');
  await expect(note).toBeVisible();
  const box = page.getByRole('group', { name: 'Map layers' }).getByRole('checkbox', { name: /Geozones/ });
  await expect(box).toBeChecked();
  await box.uncheck();
  expect(await page.evaluate(() => (globalThis as unknown as { __noteAtClick?: boolean }).__noteAtClick)).toBe(true);
  await expect(note).toBeHidden();
  expect((await page.evaluate(() => globalThis.__fleetMap!.geozones())).shown).toBe(false);
  await box.check();
});

test('geozones stay drawn while the map is panned a little at a time and after a long pan', async ({ page }) => {
  await openLive(page);
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.geozones().largest)).not.toBeNull();
  const map = page.getByRole('region', { name: 'Map of the fleet' });
  const mapBox = (await map.boundingBox())!;
  const layers = page.getByRole('group', { name: 'Map layers' });
  const zones = layers.getByRole('checkbox', { name: /Geozones/ });
  /** The map around the largest zone's centre, with the zones and without: they must differ. */
  const zoneShows = async () => {
    const at = await page.evaluate(() => {
      const m = globalThis.__fleetMap!.map;
      const p = m.latLngToContainerPoint(globalThis.__fleetMap!.geozones().largest!);
      return { x: p.x, y: p.y };
    });
    const clip = { x: mapBox.x + at.x - 20, y: mapBox.y + at.y - 20, width: 40, height: 40 };
    const on = await page.screenshot({ clip });
    await zones.uncheck();
    const off = await page.screenshot({ clip });
    await zones.check();
    return !on.equals(off);
  };
  await page.evaluate(() => {
    const m = globalThis.__fleetMap!.map;
    m.setView(globalThis.__fleetMap!.geozones().largest!, 14, { animate: false });
  });
  expect(await zoneShows()).toBe(true);
  // Ten short pans stay inside the area already drawn: the zone is still there, where it belongs.
  for (let i = 0; i < 10; i++) await page.evaluate(() => void globalThis.__fleetMap!.map.panBy([12, 7], { animate: false }));
  expect(await zoneShows()).toBe(true);
  // Far away and back: the canvas is drawn again around the new view.
  await page.evaluate(() => void globalThis.__fleetMap!.map.panBy([3000, 0], { animate: false }));
  await page.evaluate(() => void globalThis.__fleetMap!.map.panBy([-2900, 40], { animate: false }));
  expect(await zoneShows()).toBe(true);
});

test('a zone canvas taken off the map while Leaflet still owes it a frame throws nothing when that frame comes', async ({ page }) => {
  // Leaflet's canvas repaints at once on its own update and forgets the frame it had asked for
  // without cancelling it; a renderer removed after that (each new zone list removes the old
  // one, leaving the screen removes them all) was then painted by that frame with no canvas.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openLive(page);
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.geozones().count)).toBeGreaterThan(0);
  const painted = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        interface Renderer { options: { pane?: string }; fire(t: string): void; remove(): void; _ctx?: unknown }
        interface Path { _renderer?: Renderer; redraw(): void }
        const map = globalThis.__fleetMap!.map as unknown as { eachLayer(f: (l: unknown) => void): void };
        const layers: unknown[] = [];
        map.eachLayer((l) => layers.push(l));
        const renderer = layers.find((l) => (l as Renderer).options?.pane === 'geozones' && '_ctx' in (l as object)) as Renderer;
        const zone = layers.find((l) => (l as Path)._renderer === renderer) as Path;
        zone.redraw(); // a frame asked for
        renderer.fire('update'); // the canvas's own update paints at once
        zone.redraw(); // and a change after it
        const hadCanvas = renderer._ctx !== undefined;
        renderer.remove();
        const frame = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame;
        frame(() => frame(() => frame(() => resolve(hadCanvas))));
      }),
  );
  expect(painted).toBe(true);
  expect(errors).toEqual([]);
});

test('follow keeps the selected object centred while it moves', async ({ page }) => {
  await openLive(page);
  const follow = page.getByRole('button', { name: 'Follow' });
  await expect(follow).toBeDisabled();
  // Pick an object that is moving: one whose position changes between two polls.
  const first = await page.evaluate(() => globalThis.__fleetPositions!());
  let moving = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => globalThis.__fleetPositions!());
        moving = Object.keys(now).find((id) => first[id] && (now[id]![0] !== first[id]![0] || now[id]![1] !== first[id]![1])) ?? '';
        return moving;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  // Selecting from another window of the app selects here too (the shared selection channel).
  await page.evaluate((id) => new BroadcastChannel('fleet.selection').postMessage({ selected: Number(id) }), moving);
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.selected())).toBe(Number(moving));
  await page.evaluate(() => void globalThis.__fleetMap!.map.setZoom(18, { animate: false }));
  await page.locator('body').press('f');
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  const offset = () =>
    page.evaluate((id) => {
      const m = globalThis.__fleetMap!.map;
      const p = globalThis.__fleetPositions!()[id]!;
      const at = m.latLngToContainerPoint(p);
      const size = m.getSize();
      return { dx: Math.abs(at.x - size.x / 2), dy: Math.abs(at.y - size.y / 2), pos: p.join(',') };
    }, moving);
  // Centred once the map has caught up (the recentring pans on the next frame). At zoom 18 a
  // vehicle's move between polls is tens of pixels, so a map that did not follow fails here.
  const centred = (o: { dx: number; dy: number }) => o.dx <= 2 && o.dy <= 2;
  await expect.poll(async () => centred(await offset()), { timeout: 5_000 }).toBe(true);
  const start = await offset();
  // After it has moved, it is in the middle again: a later reading at a new position, centred.
  await expect
    .poll(
      async () => {
        const o = await offset();
        return o.pos !== start.pos && centred(o);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
});

test('dark and light themes (screenshots in test/artifacts)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  // Listening before the page opens: the first view's tiles may all be in before openLive returns.
  const tileLoaded = page.waitForResponse((r) => r.url().includes('/tiles/') && r.status() === 200);
  await openLive(page);
  await tileLoaded;
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  mkdirSync('test/artifacts', { recursive: true });
  await page.waitForTimeout(1200);
  await page.screenshot({ path: 'test/artifacts/live-light.png' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await page.waitForTimeout(600);
  await page.screenshot({ path: 'test/artifacts/live-dark.png' });
  // Remembered across reloads, over the system's preference.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Dark theme' }).click();
});

test('the system preference is the default theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openLive(page);
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
});

test('a panel opens alone in its own window, on the same session', async ({ page }) => {
  await openLive(page);
  const [objects] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Objects window' }).click()]);
  await expect(objects.getByRole('main', { name: 'Objects panel' })).toBeVisible();
  await expect(objects.getByRole('grid', { name: 'Object list' })).toBeVisible();
  // Alone: no app bar, no map.
  await expect(objects.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
  await expect(objects.getByRole('region', { name: 'Map of the fleet' })).toHaveCount(0);
  // The token came along in sessionStorage: rows from the live connection.
  await expect(objects.getByText(/^[1-9]\d* objects$/)).toBeVisible();
  // On another monitor too, the connection and the data's age show, and the title names the panel.
  await expect(objects.getByRole('status', { name: 'Connection and data age' })).toContainText(/Online/);
  await expect(objects.getByRole('status', { name: 'Connection and data age' })).toContainText(/Positions \d+ s old/);
  await expect(objects).toHaveTitle('Objects · Fleet Console');
  await objects.screenshot({ path: 'test/artifacts/panel-objects.png' });

  const [events] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Events window' }).click()]);
  await expect(events.getByRole('main', { name: 'Events panel' })).toBeVisible();
  await expect(events.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
  await expect(events.getByRole('status', { name: 'Connection and data age' })).toBeVisible();
  await expect(events).toHaveTitle('Events · Fleet Console');

  // An event clicked on the second monitor is pinned on this window's map, with its object selected.
  // The newest event, held by its name (newer ones keep arriving above it); the first click of
  // this window also unlocks its alarm sounds, and must still reach the event.
  const newest = events.getByRole('listitem').first();
  await expect(newest).toBeVisible({ timeout: 20_000 });
  const label = (await newest.getByRole('button', { name: /^Show on map:/ }).getAttribute('aria-label'))!;
  const objectName = label.slice(label.lastIndexOf(', ') + 2);
  const show = events.getByRole('button', { name: label, exact: true }).first();
  const row = events.getByRole('listitem').filter({ has: show }).first();
  await show.click();
  await expect(row.getByRole('status')).toHaveText(/^Shown on the map|the map shows where it is now/, { timeout: 15_000 });
  const pin = () => page.evaluate(() => (globalThis.__fleetMap as unknown as { eventPin(): { label: string } | null }).eventPin()?.label ?? null);
  await expect.poll(pin).toContain(objectName);
  await expect.poll(() => page.evaluate(() => globalThis.__fleetMap!.selected())).not.toBeNull();
});

test('tiles seen once still show with the tile source gone; never a grey square', async ({ browser, page }) => {
  // Counted from the start: the fleet's first view may already be the one asked for below.
  let zoom6 = 0;
  page.on('response', (r) => {
    if (r.url().includes('/tiles/6/') && r.status() === 200) zoom6++;
  });
  await openLive(page);
  await page.evaluate(() => void globalThis.__fleetMap!.map.setView([52.5, 13.4], 6, { animate: false }));
  await expect.poll(() => zoom6).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  await tiles.close();
  // A fresh browser context: no browser cache, so whatever shows comes from the main side's cache.
  const ctx = await browser.newContext();
  const fresh = await ctx.newPage();
  const served: { status: number; cache: string | undefined }[] = [];
  fresh.on('response', (r) => {
    if (r.url().includes('/tiles/6/')) served.push({ status: r.status(), cache: r.headers()['x-tile-cache'] });
  });
  await fresh.goto(host.url);
  await expect(fresh.getByRole('region', { name: 'Map of the fleet' })).toBeVisible();
  await fresh.evaluate(() => void globalThis.__fleetMap!.map.setView([52.5, 13.4], 6, { animate: false }));
  await expect.poll(() => served.filter((s) => s.status === 200 && s.cache === 'hit').length).toBeGreaterThan(0);
  // Somewhere never seen: no tile at all, and the bundled world still draws: land where
  // there is land, nothing over the sea (the fallback pane's canvas, read back).
  await expect(fresh.locator('.leaflet-fallback-pane canvas')).toHaveCount(1);
  expect(await worldAlphaAt(fresh, -29, 24)).toBe(255);
  expect(await worldAlphaAt(fresh, -30, -20)).toBe(0);
  await fresh.evaluate(() => void globalThis.__fleetMap!.map.setView([-33.9, 18.4], 7, { animate: false }));
  await fresh.waitForTimeout(800);
  await fresh.screenshot({ path: 'test/artifacts/live-offline-world.png' });
  await ctx.close();
  tiles = await startTileServer(tiles.port);
});
