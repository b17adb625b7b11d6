/**
 * Work the object layer does while the page is idle so that frames need not: the sprites a
 * street-level view needs, the compositing buffer, and the width of every object's name.
 * A sprite or a name measured inside a frame had made the first frames at a new zoom slow.
 */
import type { FleetStore } from '../stores/fleet-store';
import { STATE_COLOR } from '../stores/object-state';
import { ARROW_ZOOM, DOT_RADII, LABEL_FONT, radiusAt, type ObjectPainter } from './object-paint';
import { HEADING_STEPS } from './sprites';

export class ObjectWarmup {
  private warmedFor: FleetStore['objectsById'] | null = null;
  private labelTask = 0;
  private spriteTask = 0;

  constructor(
    private readonly painter: ObjectPainter,
    private readonly store: FleetStore,
    /** The layer is on a map: idle work stops once it is not. */
    private readonly onMap: () => boolean,
    /** Allocates the compositing buffer at the canvas's size. */
    private readonly allocateSurface: () => void,
  ) {}

  stop(): void {
    if (this.labelTask) cancelIdleCallback(this.labelTask);
    this.labelTask = 0;
    this.warmedFor = null;
    if (this.spriteTask) cancelIdleCallback(this.spriteTask);
    this.spriteTask = 0;
  }

  /**
   * The sprites a street-level view needs: the 72 headings of moving objects at a new size
   * had all fallen on one frame. The buffer's first writes to fresh memory cost as much.
   */
  sprites(): void {
    if (this.spriteTask) cancelIdleCallback(this.spriteTask);
    const dpr = window.devicePixelRatio || 1;
    const sprites = this.painter.sprites;
    const jobs: (() => void)[] = [];
    for (const [, radius] of DOT_RADII) {
      const outline = this.painter.outlineAt(radius);
      for (const color of Object.values(STATE_COLOR)) jobs.push(() => sprites.dots(color, radius, outline, dpr).at(HEADING_STEPS));
      // Arrows are drawn from ARROW_ZOOM on: only at its radius and above.
      if (radius < radiusAt(ARROW_ZOOM)) continue;
      const moving = sprites.dots(STATE_COLOR.moving, radius, outline, dpr);
      for (let step = 0; step < HEADING_STEPS; step++) jobs.push(() => moving.at(step));
    }
    jobs.push(() => this.allocateSurface());
    const run = (deadline: IdleDeadline) => {
      this.spriteTask = 0;
      while (jobs.length && deadline.timeRemaining() > 1) jobs.shift()!();
      if (jobs.length && this.onMap()) this.spriteTask = requestIdleCallback(run);
    };
    this.spriteTask = requestIdleCallback(run);
  }

  /** The fleet's names measured, so that labels rarely wait for a frame's budget; again when the object list changes. */
  labels(): void {
    const objects = this.store.objectsById;
    if (this.warmedFor === objects || !this.onMap()) return;
    this.warmedFor = objects;
    if (this.labelTask) cancelIdleCallback(this.labelTask);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return;
    ctx.font = LABEL_FONT;
    const names = (function* () {
      for (const o of objects.values()) if (o.Name) yield o.Name;
    })();
    const step = (deadline: IdleDeadline) => {
      this.labelTask = 0;
      if (this.warmedFor !== objects || !this.onMap()) return;
      if (!this.painter.labelWidths.warm(ctx, names, () => deadline.timeRemaining())) this.labelTask = requestIdleCallback(step);
    };
    this.labelTask = requestIdleCallback(step);
  }
}
