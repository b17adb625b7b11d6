/**
 * Painting one frame of the object layer: objects as sprites, cluster discs with their
 * counts, names at street level, and the selected object over everything. The layer
 * (object-layer.ts) decides when a frame is due; this module only draws it.
 */
import type L from 'leaflet';
import { Ignition } from '../../../common/position-columns';
import { mercatorX, mercatorY } from '../../../common/mercator';
import type { FleetStore } from '../stores/fleet-store';
import { STATE_COLOR, objectState } from '../stores/object-state';
import type { CanvasColors } from '../theme/theme';
import { CLUSTER_STRIDE as STRIDE } from './cluster-protocol';
import { FrameLabels, LabelWidths } from './label-layout';
import { gatherPoints, type GatheredPoints } from './object-points';
import { inRect, type CanvasRect, type FramePart } from './object-split';
import { PixelSurface } from './pixel-surface';
import { HEADING_STEPS, SpriteCache, blitOffset, headingStep, pixelKey } from './sprites';

export const LABEL_ZOOM = 14;
export const LABEL_FONT = '12px system-ui, sans-serif';
export const ARROW_ZOOM = 11;
/** A dot's radius from a zoom on (street, elsewhere): at least 10 px across, to be seen and hit on any tiles. */
export const DOT_RADII: readonly (readonly [fromZoom: number, radius: number])[] = [
  [12, 6],
  [0, 5],
];
/**
 * From this many objects in a redraw they are composited in script, not drawn one by one
 * (pixel-surface.ts): a drawImage costs far more per object than putting a whole canvas of pixels.
 */
const PIXELS_FROM = 200;

export function clusterRadius(count: number): number {
  return 12 + Math.min(16, Math.log10(count) * 6);
}

export function radiusAt(zoom: number): number {
  return DOT_RADII.find(([from]) => zoom >= from)![1];
}

/** One frame's canvas and where it lies: `origin` is the absolute world pixel of the canvas's top left. */
export interface PaintFrame {
  ctx: CanvasRenderingContext2D;
  canvas: HTMLCanvasElement;
  world: number;
  origin: L.Point;
  w: number;
  h: number;
  zoom: number;
  /** A canvas pixel as a container point of the map. */
  containerAt: (x: number, y: number) => L.Point;
}

export interface PaintSource {
  store: FleetStore;
  getSelected: () => number | null;
  /** Drawn: has a fix and passes the filter. */
  shown: (slot: number) => boolean;
}

export class ObjectPainter {
  colors: CanvasColors;
  readonly labelWidths = new LabelWidths();
  readonly sprites = new SpriteCache();
  readonly surface = new PixelSurface();
  /** From how many objects a redraw composites in script. */
  pixelsFrom = PIXELS_FROM;
  /** Names drawn in the last frame (diagnostics for the e2e suite). */
  labelsDrawn = 0;
  /** Objects drawn in the last frame (the bench). */
  objectsDrawn = 0;
  /** Where the selected object was drawn on its own in the last frame (container pixels), or null (tests). */
  selectionDrawn: { id: number; x: number; y: number } | null = null;
  private surfaceImage: ImageData | null = null;
  /** The last frame's names, some perhaps waiting to be measured. */
  private labels: FrameLabels | null = null;

  constructor(
    private readonly src: PaintSource,
    colors: CanvasColors,
  ) {
    this.colors = colors;
  }

  /** The smallest dots have no outline: at 3 px it would be most of the dot. */
  outlineAt(radius: number): string | null {
    return radius > 3 ? this.colors.dotStroke : null;
  }

  /** The frame's objects (object-points.ts), optionally only the given slots. */
  gather(f: PaintFrame, only: number[] | null): GatheredPoints {
    return gatherPoints(this.src.store, this.src.shown, f, radiusAt(f.zoom), window.devicePixelRatio || 1, only);
  }

  /**
   * Objects as sprites (sprites.ts), optionally only the given slots; their names after, at
   * street level. Grouped by colour so a frame looks up each colour's sprites once.
   */
  drawPoints(f: PaintFrame, only: number[] | null): void {
    this.paintPoints(f, this.gather(f, only), null);
  }

  /** The gathered objects, all of them (`part` null) or one part of a frame (object-split.ts). */
  paintPoints(f: PaintFrame, g: GatheredPoints, part: FramePart | null): void {
    const { ctx, zoom } = f;
    const p = this.src.store.positions;
    const objects = this.src.store.objectsById;
    const radius = radiusAt(zoom);
    const arrows = zoom >= ARROW_ZOOM;
    const labels = zoom >= LABEL_ZOOM;
    const { byColor, devX, devY, lastAt } = g;
    const inPart = (k: number, list: number[]) => part === null || inRect(part.near, list[k + 1]!, list[k + 2]!) === part.first;
    const dpr = window.devicePixelRatio || 1;
    const outline = this.outlineAt(radius);
    let serial = 0;
    // Many objects are composited in script (pixel-surface.ts), cheaper than a drawImage each.
    // Nothing is on the canvas yet (objects are drawn first), which putting pixels needs; the
    // second part keeps the first's pixels in the buffer, and puts none over the view.
    const surface = lastAt.size >= this.pixelsFrom ? this.surface : null;
    if (part?.first !== false) surface?.begin(f.canvas.width, f.canvas.height);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    // Sprites go at whole device pixels, with no transform: Skia copies them as they are.
    for (const [color, list] of byColor) {
      const sprites = this.sprites.dots(color, radius, outline, dpr);
      for (let k = 0; k < list.length; k += 3, serial++) {
        const px = devX[serial]!;
        const py = devY[serial]!;
        if (lastAt.get(pixelKey(px, py)) !== serial || !inPart(k, list)) continue;
        const i = list[k]!;
        const s = sprites.at(arrows && p.speed[i]! > 3 ? headingStep(p.heading[i]!) : HEADING_STEPS);
        const dx = px - s.anchor;
        const dy = py - s.anchor;
        if (surface) surface.blit(s, dx, dy);
        else ctx.drawImage(s.image, dx, dy);
        this.objectsDrawn++;
      }
    }
    if (surface) this.putSurface(ctx, surface, part?.first === false ? part.keep : null, dpr);
    ctx.restore();
    if (!labels) {
      this.labels = null;
      return;
    }
    this.labelStyle(ctx);
    if (part?.first !== false || !this.labels) this.labels = new FrameLabels(this.labelWidths, f.w, f.h);
    // Putting the second part's pixels took away the first part's names outside the view: they go back first.
    else if (surface) this.labels.redrawOutside(ctx, part.keep, f.w, f.h);
    const frameLabels = this.labels;
    const selected = this.src.getSelected();
    const order = [...byColor.values()];
    // The selected object's name first: it is never the one left out.
    for (const list of selected === null ? [] : order) {
      for (let k = 0; k < list.length; k += 3) {
        if (p.ids[list[k]!] === selected && inPart(k, list)) this.drawLabel(ctx, frameLabels, objects.get(selected)?.Name, list[k + 1]! + radius + 4, list[k + 2]!, true);
      }
    }
    for (const list of order) {
      for (let k = 0; k < list.length; k += 3) {
        const id = p.ids[list[k]!]!;
        if (id !== selected && inPart(k, list)) this.drawLabel(ctx, frameLabels, objects.get(id)?.Name, list[k + 1]! + radius + 4, list[k + 2]!);
      }
    }
  }

  /**
   * The surface's touched rectangle onto the canvas (device pixels: putImageData ignores the
   * transform), all of it, or (`keep`) the four bands around `keep`, whose pixels stay.
   */
  private putSurface(ctx: CanvasRenderingContext2D, surface: PixelSurface, keep: CanvasRect | null, dpr: number): void {
    const r = surface.touched();
    if (!r) return;
    const f = surface.frame();
    if (this.surfaceImage?.data !== f.bytes) this.surfaceImage = new ImageData(f.bytes, f.width, f.height);
    const image = this.surfaceImage;
    const put = (x0: number, y0: number, x1: number, y1: number) => {
      const x = Math.max(x0, r.x);
      const y = Math.max(y0, r.y);
      const w = Math.min(x1, r.x + r.w) - x;
      const h = Math.min(y1, r.y + r.h) - y;
      if (w > 0 && h > 0) ctx.putImageData(image, 0, 0, x, y, w, h);
    };
    if (!keep) return put(r.x, r.y, r.x + r.w, r.y + r.h);
    const [kx0, ky0, kx1, ky1] = [Math.round(keep.x0 * dpr), Math.round(keep.y0 * dpr), Math.round(keep.x1 * dpr), Math.round(keep.y1 * dpr)];
    put(0, 0, f.width, ky0);
    put(0, ky1, f.width, f.height);
    put(0, ky0, kx0, ky1);
    put(kx1, ky0, f.width, ky1);
  }

  private labelStyle(ctx: CanvasRenderingContext2D): void {
    ctx.font = LABEL_FONT;
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    ctx.strokeStyle = this.colors.labelHalo;
    ctx.fillStyle = this.colors.label;
    this.labelWidths.begin(ctx);
  }

  /** One name by its object (frameLabels says where it fits), counted for the diagnostics. */
  private drawLabel(ctx: CanvasRenderingContext2D, labels: FrameLabels, name: string | undefined, x: number, y: number, always = false): void {
    if (labels.draw(ctx, name, x, y, always)) this.labelsDrawn++;
  }

  /** Names of the last frame still waiting to be measured. */
  get labelsWaiting(): number {
    return this.labels?.waiting ?? 0;
  }

  /** The last frame's waiting names, over what it drew: the canvas must still hold that frame. */
  drawWaitingLabels(f: PaintFrame): void {
    if (!this.labels?.waiting) return;
    this.labelStyle(f.ctx);
    this.labelsDrawn += this.labels.drawWaiting(f.ctx);
    // Names drawn now went over the selection's ring: it goes back on top.
    this.drawSelection(f);
  }

  /** The clustering's answer (`items`, cluster-protocol.ts): single objects, then discs and their counts, then the selection. */
  drawClusters(f: PaintFrame, items: Float64Array): void {
    const { ctx, world, origin, w, h } = f;
    const c = items;
    const singles: number[] = [];
    const big: number[] = [];
    for (let k = 0; k < c.length; k += STRIDE) {
      if (c[k + 2]! === 1) singles.push(c[k + 3]!);
      else big.push(k);
    }
    this.drawPoints(f, singles);
    // Each disc and its ring a sprite (sprites.ts), then the counts over them.
    const shown: number[] = [];
    const dpr = window.devicePixelRatio || 1;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const k of big) {
      const x = mercatorX(c[k]!) * world - origin.x;
      const y = mercatorY(c[k + 1]!) * world - origin.y;
      const r = clusterRadius(c[k + 2]!);
      if (x < -r || y < -r || x > w + r || y > h + r) continue;
      const s = this.sprites.cluster(Math.round(r), c[k + 4]!, this.colors.clusterFill, this.colors.clusterRing, STATE_COLOR, dpr);
      ctx.drawImage(s.image, blitOffset(x, dpr, s.anchor), blitOffset(y, dpr, s.anchor));
      shown.push(x, y, c[k + 2]!);
    }
    ctx.restore();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillStyle = this.colors.clusterText;
    for (let i = 0; i < shown.length; i += 3) {
      const count = shown[i + 2]!;
      ctx.fillText(count >= 10_000 ? `${Math.round(count / 1000)}k` : String(count), shown[i]!, shown[i + 1]! + 0.5);
    }
    ctx.textAlign = 'start';
    // Over the discs and their counts: the selected object is never hidden in a cluster.
    this.drawSelection(f);
  }

  /** Where the selected object is on this canvas, and its colour; null when none is selected or it never reported. */
  private selectedPoint(world: number, origin: L.Point): { x: number; y: number; color: string } | null {
    const selected = this.src.getSelected();
    if (selected === null) return null;
    const s = this.src.store.slot(selected);
    const p = this.src.store.positions;
    if (s === undefined || p.time[s] === 0) return null;
    return {
      x: p.mx[s]! * world - origin.x,
      y: p.my[s]! * world - origin.y,
      color: STATE_COLOR[objectState(p.status[s], p.time[s]!, p.online[s] === 1, p.speed[s]!, p.ignition[s] === Ignition.on)],
    };
  }

  /**
   * The selected object is always drawn on its own, over any cluster it belongs to, so it can
   * be seen and followed at any zoom; a cluster's disc with a ring around it did not say where
   * in the cluster the vehicle was, nor that it was there at all.
   */
  drawSelection(f: PaintFrame): void {
    const { ctx } = f;
    const at = this.selectedPoint(f.world, f.origin);
    this.selectionDrawn = null;
    if (!at) return;
    const c = f.containerAt(at.x, at.y);
    this.selectionDrawn = { id: this.src.getSelected()!, x: c.x, y: c.y };
    const radius = Math.max(radiusAt(f.zoom), 5);
    ctx.beginPath();
    ctx.fillStyle = at.color;
    ctx.strokeStyle = this.colors.dotStroke;
    ctx.lineWidth = 1.5;
    ctx.arc(at.x, at.y, radius, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.lineWidth = 3;
    ctx.strokeStyle = this.colors.selection;
    ctx.arc(at.x, at.y, radius + 5, 0, Math.PI * 2);
    ctx.stroke();
  }
}
