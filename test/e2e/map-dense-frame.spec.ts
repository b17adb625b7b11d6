/**
 * A dense frame of the live map is drawn in two parts (renderer/src/map/object-split.ts): the
 * view and its edge first, the margin drawn for pans on the next frame. The e2e fleet is small,
 * so the test lowers the threshold to every frame and reads the canvas between the two parts.
 */
import { expect, test, type Page } from './support/test';
import type { TileServer } from '../integration/tiles/tile-server';
import type { RunningHost } from './support/browser-mode';
import { startMapHost } from './support/map-host';

declare global {
  var __fleetPositions: (() => Record<string, [number, number]>) | undefined;
}

let host: RunningHost;
let tiles: TileServer;

test.beforeAll(async () => {
  ({ host, tiles } = await startMapHost('fleet-e2e-dense-'));
});
test.afterAll(async () => {
  await host?.stop();
  await tiles?.close();
});

/** Per object: where it is (view or far margin) and the canvas's alpha at its centre after the first part and after both. */
interface Seen {
  where: 'view' | 'margin';
  first: number;
  both: number;
}

async function drawInParts(page: Page, zoom: number): Promise<Seen[] | null> {
  return page.evaluate(
    ({ zoom, near }) =>
      new Promise<Seen[] | null>((resolve) => {
        type Pt = { x: number; y: number };
        const g = globalThis as unknown as {
          requestAnimationFrame(cb: () => void): void;
          document: { querySelector(s: string): { width: number; height: number; style: { width: string }; _leaflet_pos?: Pt; getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } } | null };
          __fleetMap: {
            map: {
              setView(c: [number, number] | { lat: number; lng: number }, z: number, o: unknown): void;
              latLngToLayerPoint(p: [number, number]): Pt;
              layerPointToContainerPoint(p: Pt): Pt;
              getSize(): Pt;
              project(p: [number, number], z: number): Pt;
              unproject(p: [number, number], z: number): { lat: number; lng: number };
            };
            pixelsFrom(n: number): void;
            splitFrom(n: number): void;
            parts(): string;
          };
          __fleetPositions(): Record<string, [number, number]>;
        };
        const hooks = g.__fleetMap;
        // Only objects with no other within a sprite's reach: their centre shows their own dot.
        const aloneNow = (): Array<[string, [number, number]]> => {
          const all = Object.entries(g.__fleetPositions());
          return all.filter(([, [lat, lng]]) => all.every(([, [la, ln]]) => (la === lat && ln === lng) || Math.abs(la - lat) > 0.0002 || Math.abs(ln - lng) > 0.0003));
        };
        const alone = aloneNow().map(([, at]) => at);
        // A view with an object of its own and one in the margin above it, wherever the fleet
        // stands at this hour: each object tried in turn 60 px above the first part's edge.
        const size = hooks.map.getSize();
        const px = alone.map((at) => hooks.map.project(at, zoom));
        const view = (c: Pt, p: Pt) => Math.abs(p.x - c.x) < size.x / 2 - 40 && Math.abs(p.y - c.y) < size.y / 2 - 40;
        const centre = px
          .map((m) => ({ x: m.x, y: m.y + size.y / 2 + near + 60 }))
          .find((c) => px.some((p) => view(c, p)));
        if (!centre) return resolve([]);
        hooks.pixelsFrom(0);
        hooks.splitFrom(0);
        hooks.map.setView(hooks.map.unproject([centre.x, centre.y], zoom), zoom, { animate: false });
        // The fleet moves: each read takes the positions the frame just drawn was drawn from
        // (the layer draws the store's positions, and nothing updates them between the draw and
        // this frame's read), so a poll landing after the view was chosen moves nothing out of step.
        const read = () => {
          const c = g.document.querySelector('canvas.fleet-object-layer')!;
          const k = c.width / parseFloat(c.style.width);
          const ctx = c.getContext('2d');
          return new Map(aloneNow().map(([id, at]) => {
            const p = hooks.map.latLngToLayerPoint(at);
            const cp = hooks.map.layerPointToContainerPoint(p);
            const inView = cp.x > 20 && cp.y > 20 && cp.x < size.x - 20 && cp.y < size.y - 20;
            // Above or below the view past the first part's edge: no name of a view object reaches there.
            const margin = cp.x > 20 && cp.x < size.x - 20 && (cp.y < -near - 20 || cp.y > size.y + near + 20);
            const x = Math.round((p.x - c._leaflet_pos!.x) * k);
            const y = Math.round((p.y - c._leaflet_pos!.y) * k);
            const onCanvas = x >= 0 && y >= 0 && x < c.width && y < c.height;
            return [id, { where: inView ? 'view' : margin && onCanvas ? 'margin' : null, alpha: onCanvas ? ctx.getImageData(x, y, 1, 1).data[3]! : 0 }] as const;
          }));
        };
        let first: ReturnType<typeof read> | null = null;
        let frames = 0;
        const step = () => {
          if (++frames > 30) return resolve(null);
          const parts = hooks.parts();
          if (parts === 'first') first = read();
          if (parts === 'both' && first) {
            const both = read();
            // Objects that stayed where they were between the parts (a poll between them draws the whole frame again).
            return resolve(
              [...first].flatMap(([id, f]) => {
                const b = both.get(id);
                return f.where && b?.where === f.where ? [{ where: f.where, first: f.alpha, both: b.alpha }] : [];
              }),
            );
          }
          g.requestAnimationFrame(step);
        };
        g.requestAnimationFrame(step);
      }),
    { zoom, near: 64 },
  );
}

test('a dense frame draws the view first and the margin on the next frame, each object once in its place', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByRole('region', { name: 'Map of the fleet' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys(globalThis.__fleetPositions?.() ?? {}).length)).toBeGreaterThan(10);
  // A poll landing between the two parts draws the whole frame again: try again.
  let seen: Seen[] | null = null;
  for (let attempt = 0; attempt < 5 && !seen; attempt++) seen = await drawInParts(page, 16);
  expect(seen, 'the two parts were drawn on consecutive frames').not.toBeNull();
  const view = seen!.filter((s) => s.where === 'view');
  const margin = seen!.filter((s) => s.where === 'margin');
  expect(view.length).toBeGreaterThan(0);
  expect(margin.length).toBeGreaterThan(0);
  // The view's objects are on the canvas after the first part and stay; the margin's come with the second.
  // Drawn: a sprite's centre mostly opaque (a moving object's arrow is not solid at every pixel).
  const drawn = (alpha: number) => alpha > 128;
  expect(view.map((s) => [drawn(s.first), drawn(s.both)])).toEqual(view.map(() => [true, true]));
  expect(margin.map((s) => [s.first, drawn(s.both)])).toEqual(margin.map(() => [0, true]));
});
