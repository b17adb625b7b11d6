/** Items per second over the last minute (or since the first item, when sooner). */
export class RateMeter {
  private readonly ticks: number[] = [];
  private readonly since: number;
  constructor(private readonly now: () => number = Date.now, private readonly windowMs = 60_000) {
    this.since = now();
  }

  tick(): void {
    this.ticks.push(this.now());
    this.trim();
  }

  rate(): number {
    this.trim();
    const span = Math.min(this.windowMs, this.now() - this.since);
    return span > 0 ? (this.ticks.length * 1000) / span : 0;
  }

  private trim(): void {
    const from = this.now() - this.windowMs;
    let n = 0;
    while (n < this.ticks.length && this.ticks[n]! < from) n++;
    if (n) this.ticks.splice(0, n);
  }
}
