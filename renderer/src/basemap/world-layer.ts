/**
 * The bundled world (Natural Earth 1:110m countries, world-atlas) drawn under the tiles, so
 * a map with no tile to show is never a grey square. Every country's rings are projected
 * once per page (world-rings.ts); a draw scales them to the zoom, skips the rings outside
 * the canvas, and fills and strokes all land as one path, with the world's copies either
 * side where the view shows them. It is drawn at half resolution and scaled up: a
 * low-detail fallback under the tiles, whose canvas's pixels cost the most here.
 *
 * Why not L.geoJSON: 177 country layers, each projected, styled and drawn by Leaflet's
 * canvas renderer with its own fill and stroke, slowed the start of every map (live and
 * history), and its renderer's canvas, half the view again on each side, cost more to
 * allocate (docs/decisions/0021-small-canvases.md). This layer's margin is a sixth.
 */
import type L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import type { CanvasColors } from '../theme/theme';
import type { CanvasFrame } from '../canvas/canvas-frame';
import { CanvasOverlay } from '../canvas/canvas-overlay';
import { projectRings, ringsInView, type WorldRings } from './world-rings';

let bundled: WorldRings | null = null;
/** Projected once per page, on first use: both maps share it. */
function bundledWorld(): WorldRings {
  if (!bundled) {
    const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
    bundled = projectRings(feature(topo, topo.objects.countries));
  }
  return bundled;
}

const PADDING = 1 / 6;
/** Half the pixels each way: a fallback under the tiles needs no more, and a canvas's pixels are what cost here (docs/decisions/0021-small-canvases.md). */
const RESOLUTION = 0.5;

export class WorldLayer extends CanvasOverlay {
  constructor(
    private colors: CanvasColors,
    pane: string,
  ) {
    super({ className: 'fleet-world-layer', pane, padding: PADDING, resolution: RESOLUTION });
  }

  override onAdd(map: L.Map): this {
    super.onAdd(map);
    // Under the tiles and never a target: clicks belong to the map and the layers above.
    this.canvas.style.pointerEvents = 'none';
    return this;
  }

  setColors(colors: CanvasColors): void {
    this.colors = colors;
    this.redraw();
  }

  protected paint({ ctx, w, h }: CanvasFrame, map: L.Map): void {
    const rings = bundledWorld();
    const world = 256 * Math.pow(2, map.getZoom());
    const origin = map.getPixelOrigin().add(this.topLeft);
    const path = new Path2D();
    // A ring cut at the antimeridian is filled closed but stroked open: its closing edge is the world's edge, not a border.
    const outline = new Path2D();
    for (const [r, dx] of ringsInView(rings, world, origin.x, origin.y, w, h)) {
      const end = rings.starts[r + 1]!;
      for (let p = rings.starts[r]!; p < end; p++) {
        const x = rings.xy[2 * p]! * world + dx;
        const y = rings.xy[2 * p + 1]! * world - origin.y;
        if (p === rings.starts[r]) {
          path.moveTo(x, y);
          outline.moveTo(x, y);
        } else {
          path.lineTo(x, y);
          outline.lineTo(x, y);
        }
      }
      path.closePath();
      if (!rings.cut[r]) outline.closePath();
    }
    // Countries do not overlap, so even-odd fills each as its own polygon would (holes stay holes).
    ctx.fillStyle = this.colors.land;
    ctx.fill(path, 'evenodd');
    ctx.strokeStyle = this.colors.border;
    ctx.lineWidth = 1 / RESOLUTION;
    ctx.stroke(outline);
  }
}
