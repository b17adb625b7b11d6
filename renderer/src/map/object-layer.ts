/**
 * Every object on one canvas, drawn from the store's typed arrays: no DOM node and no
 * React component per object. Redrawn on the next animation frame after a move, a
 * zoom or a position delta; only what is in view (plus a margin) is drawn.
 */
import L from 'leaflet';
import type { FleetStore } from '../stores/fleet-store';
import { STATE_COLOR, objectState } from '../stores/object-state';

const TILE = 256;
/** Extra area drawn around the view so a short pan does not reveal an empty edge. */
const PADDING = 0.3;

export interface ObjectLayerOptions {
  store: FleetStore;
  onSelect: (id: number | null) => void;
  getSelected: () => number | null;
}

export class ObjectLayer extends L.Layer {
  private canvas!: HTMLCanvasElement;
  private frame = 0;
  private unsubscribe: (() => void) | null = null;
  private topLeft = L.point(0, 0);

  constructor(private readonly opts: ObjectLayerOptions) {
    super();
  }

  override onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'fleet-object-layer leaflet-zoom-animated');
    this.canvas.setAttribute('aria-hidden', 'true');
    map.getPanes().overlayPane!.appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.schedule, this);
    map.on('zoomanim', this.animateZoom, this);
    map.on('click', this.handleClick, this);
    this.unsubscribe = this.opts.store.subscribe(() => this.schedule());
    this.schedule();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend zoomend resize viewreset', this.schedule, this);
    map.off('zoomanim', this.animateZoom, this);
    map.off('click', this.handleClick, this);
    this.unsubscribe?.();
    cancelAnimationFrame(this.frame);
    this.canvas.remove();
    return this;
  }

  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private animateZoom(e: L.ZoomAnimEvent): void {
    const map = this._map;
    const scale = map.getZoomScale(e.zoom, map.getZoom());
    // Leaflet's own renderers use this internal to place a layer for the zoom animation.
    const internal = map as unknown as { _getNewPixelOrigin(center: L.LatLng, zoom: number): L.Point };
    const offset = map.getPixelOrigin().add(this.topLeft).multiplyBy(scale).subtract(internal._getNewPixelOrigin(e.center, e.zoom));
    L.DomUtil.setTransform(this.canvas, offset, scale);
  }

  private draw(): void {
    const map = this._map;
    if (!map) return;
    const size = map.getSize();
    const pad = size.multiplyBy(PADDING).round();
    this.topLeft = map.containerPointToLayerPoint([-pad.x, -pad.y]);
    const w = size.x + 2 * pad.x;
    const h = size.y + 2 * pad.y;
    const dpr = window.devicePixelRatio || 1;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(h * dpr)) {
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(h * dpr);
      this.canvas.style.width = `${w}px`;
      this.canvas.style.height = `${h}px`;
    }
    L.DomUtil.setPosition(this.canvas, this.topLeft);
    const ctx = this.canvas.getContext('2d')!;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);

    const zoom = map.getZoom();
    const world = TILE * Math.pow(2, zoom);
    // Layer point of the canvas origin → absolute world pixel.
    const origin = map.getPixelOrigin().add(this.topLeft);
    const p = this.opts.store.positions;
    const objects = this.opts.store.objectsById;
    const radius = zoom >= 12 ? 6 : zoom >= 8 ? 4 : 3;
    const arrows = zoom >= 11;
    const labels = zoom >= 14;
    const selected = this.opts.getSelected();
    let selX = NaN;
    let selY = NaN;

    // Batch by colour: one path per state keeps fill-style changes to a handful.
    const byColor = new Map<string, number[]>();
    for (let i = 0; i < p.count; i++) {
      if (p.time[i] === 0) continue;
      const x = p.mx[i]! * world - origin.x;
      const y = p.my[i]! * world - origin.y;
      if (x < -radius || y < -radius || x > w + radius || y > h + radius) continue;
      if (p.ids[i] === selected) {
        selX = x;
        selY = y;
      }
      const color = STATE_COLOR[objectState(p.status[i], p.time[i]!, p.online[i] === 1, p.speed[i]!)];
      let list = byColor.get(color);
      if (!list) byColor.set(color, (list = []));
      list.push(i, x, y);
    }
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    for (const [color, list] of byColor) {
      ctx.fillStyle = color;
      ctx.beginPath();
      for (let k = 0; k < list.length; k += 3) {
        const x = list[k + 1]!;
        const y = list[k + 2]!;
        ctx.moveTo(x + radius, y);
        ctx.arc(x, y, radius, 0, Math.PI * 2);
      }
      ctx.fill();
      if (radius > 3) ctx.stroke();
      if (arrows) {
        ctx.beginPath();
        for (let k = 0; k < list.length; k += 3) {
          const i = list[k]!;
          if (p.speed[i]! <= 3) continue;
          const a = (p.heading[i]! * Math.PI) / 180;
          const x = list[k + 1]!;
          const y = list[k + 2]!;
          const tipX = x + Math.sin(a) * (radius + 6);
          const tipY = y - Math.cos(a) * (radius + 6);
          const lx = x + Math.sin(a - 0.5) * (radius + 1);
          const ly = y - Math.cos(a - 0.5) * (radius + 1);
          const rx = x + Math.sin(a + 0.5) * (radius + 1);
          const ry = y - Math.cos(a + 0.5) * (radius + 1);
          ctx.moveTo(lx, ly);
          ctx.lineTo(tipX, tipY);
          ctx.lineTo(rx, ry);
          ctx.closePath();
        }
        ctx.fill();
      }
    }
    if (labels) {
      ctx.font = '12px system-ui, sans-serif';
      ctx.textBaseline = 'middle';
      ctx.lineWidth = 3;
      ctx.strokeStyle = 'rgba(255,255,255,0.95)';
      ctx.fillStyle = '#1d2430';
      for (const list of byColor.values()) {
        for (let k = 0; k < list.length; k += 3) {
          const name = objects.get(p.ids[list[k]!]!)?.Name;
          if (!name) continue;
          ctx.strokeText(name, list[k + 1]! + radius + 4, list[k + 2]!);
          ctx.fillText(name, list[k + 1]! + radius + 4, list[k + 2]!);
        }
      }
    }
    if (!Number.isNaN(selX)) {
      ctx.beginPath();
      ctx.lineWidth = 3;
      ctx.strokeStyle = '#ffb000';
      ctx.arc(selX, selY, radius + 5, 0, Math.PI * 2);
      ctx.stroke();
    }
  }

  /** Nearest drawn object within a few pixels of the click, else a click on empty map clears the selection. */
  private handleClick(e: L.LeafletMouseEvent): void {
    const map = this._map;
    const world = TILE * Math.pow(2, map.getZoom());
    const origin = map.getPixelOrigin();
    const cx = e.layerPoint.x;
    const cy = e.layerPoint.y;
    const p = this.opts.store.positions;
    let best = -1;
    let bestD = 12 * 12;
    for (let i = 0; i < p.count; i++) {
      if (p.time[i] === 0) continue;
      const dx = p.mx[i]! * world - origin.x - cx;
      const dy = p.my[i]! * world - origin.y - cy;
      const d = dx * dx + dy * dy;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    this.opts.onSelect(best >= 0 ? p.ids[best]! : null);
  }
}
