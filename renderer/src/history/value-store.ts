/**
 * A value that views read with useSyncExternalStore or a plain subscription, so a change
 * (a replay frame, a zoom step) re-renders only what shows it, not the whole screen.
 */
type Listener = () => void;

export class ValueStore<T> {
  private readonly listeners = new Set<Listener>();

  constructor(
    private value: T,
    private readonly same: (a: T, b: T) => boolean = Object.is,
  ) {}

  get = (): T => this.value;

  set(v: T): void {
    if (this.same(v, this.value)) return;
    this.value = v;
    for (const l of this.listeners) l();
  }

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}
