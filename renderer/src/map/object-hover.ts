/**
 * What the pointer is over on the live map: a tooltip with the object's name, state, speed
 * and the age of its last report (or a cluster's size and states), and a pointer cursor over
 * anything a click acts on. One tooltip element, its text set through textContent (never
 * HTML built from names the service sends); the hit test runs at most once a frame.
 */
import type L from 'leaflet';
import type { FleetStore } from '../stores/fleet-store';
import type { ObjectState } from '../stores/object-state';
import { stateLabel } from '../ui/state-words';
import { i18n } from '../i18n';
import { ageText, speedText } from '../ui/format';
import type { ObjectLayer } from './object-layer';

export class ObjectHover {
  private readonly tip: HTMLDivElement;
  private readonly title: HTMLElement;
  private readonly detail: HTMLElement;
  private frame = 0;
  private at: { layer: L.Point; container: L.Point } | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly layer: ObjectLayer,
    private readonly store: FleetStore,
  ) {
    this.tip = document.createElement('div');
    this.tip.className = 'object-hover';
    this.tip.setAttribute('role', 'tooltip');
    this.tip.id = 'object-hover-tip';
    this.tip.hidden = true;
    this.title = document.createElement('strong');
    this.detail = document.createElement('span');
    this.tip.append(this.title, this.detail);
    map.getContainer().appendChild(this.tip);
    map.on('mousemove', this.onMove, this);
    map.on('mouseout movestart zoomstart', this.hide, this);
  }

  remove(): void {
    this.map.off('mousemove', this.onMove, this);
    this.map.off('mouseout movestart zoomstart', this.hide, this);
    cancelAnimationFrame(this.frame);
    this.tip.remove();
  }

  private onMove(e: L.LeafletMouseEvent): void {
    this.at = { layer: e.layerPoint, container: e.containerPoint };
    if (!this.frame) this.frame = requestAnimationFrame(() => this.update());
  }

  private hide(): void {
    this.at = null;
    this.tip.hidden = true;
    this.map.getContainer().style.cursor = '';
  }

  private update(): void {
    this.frame = 0;
    const at = this.at;
    if (!at) return;
    const hit = this.layer.hitAt(at.layer);
    this.map.getContainer().style.cursor = hit ? 'pointer' : '';
    if (!hit) {
      this.tip.hidden = true;
      return;
    }
    if ('cluster' in hit) {
      const c = this.layer.clusterAt(hit.cluster);
      const states = (Object.entries(c.ring) as [ObjectState, number][]).sort((a, b) => b[1] - a[1]).map(([s]) => stateLabel(s).toLocaleLowerCase(i18n.language));
      this.title.textContent = i18n.t('map:hover.objects', { count: c.count });
      this.detail.textContent = i18n.t('map:hover.zoomIn', { states: states.join(', ') });
    } else {
      const p = this.store.positions;
      const i = hit.slot;
      this.title.textContent = this.store.objectsById.get(p.ids[i]!)?.Name ?? i18n.t('map:object', { id: p.ids[i] });
      const state = this.layer.stateAt(i);
      this.detail.textContent = i18n.t('map:hover.object', { state: stateLabel(state), speed: speedText(p.speed[i]!), age: ageText(p.time[i]!, Date.now()) });
    }
    // Beside the pointer, kept inside the map.
    const size = this.map.getSize();
    this.tip.hidden = false;
    const w = this.tip.offsetWidth;
    const h = this.tip.offsetHeight;
    const x = at.container.x + 14 + w > size.x ? at.container.x - 14 - w : at.container.x + 14;
    const y = Math.min(Math.max(0, at.container.y - h - 10), size.y - h);
    this.tip.style.transform = `translate(${Math.round(Math.max(0, x))}px, ${Math.round(y)}px)`;
  }
}
