/**
 * The connections open together: one in the foreground (what `session.current()` returns
 * and the screens show), the rest in the background, still polling. Each gets its own view
 * of the push bus: a background connection's pushes (events/changed, status deltas, its
 * connectivity) would otherwise reach the screens as if they were the foreground's, so they
 * are held back, and only its alarm count travels (`session/connections`).
 */
import type { PayloadOf, PushName } from '../../../common/contract';
import { ALARM_TYPE_MASK } from '../../../common/event-alarm';
import type { Connection } from '../connection/open';
import type { PushBus } from '../rpc/pushes';
import type { ConnectivityTracker } from '../sync/connectivity';

/**
 * How many connections stay open together: each is a cache file, a worker and its pollers,
 * so the bound keeps a console that watches several companies within a desktop's means.
 */
export const MAX_OPEN = 4;

export interface OpenEntry {
  conn: Connection;
  /** This connection's own link judgement: another service's failures say nothing of it. */
  connectivity: ConnectivityTracker;
  counts: { unacknowledged: number; alarms: number };
  /** When it was last brought to the foreground (the next one after a sign-out is the latest). */
  usedAt: number;
}

/** Pushes that keep views of one connection current and so travel only for the foreground. */
const COUNTED: ReadonlySet<PushName> = new Set<PushName>(['events/changed', 'outbox/changed']);

export class OpenSet {
  private readonly entries = new Map<string, OpenEntry>();
  /** Connections closed whose workers are still writing what they answered. */
  private readonly closing = new Set<Promise<void>>();
  private fg: string | null = null;
  private clock = 0;

  constructor(
    private readonly bus: PushBus,
    /** A background connection's counts changed (or the set did): the switcher's list is pushed. */
    private readonly listChanged: () => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get foregroundId(): string | null {
    return this.fg;
  }

  foreground(): OpenEntry | null {
    return this.fg === null ? null : (this.entries.get(this.fg) ?? null);
  }

  get(id: string): OpenEntry | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  isForeground(id: string): boolean {
    return this.fg === id;
  }

  /** The bus as one connection sees it: its pushes go out only while it is the foreground. */
  busFor(id: string): PushBus {
    return {
      emit: <P extends PushName>(name: P, payload: PayloadOf<P>) => {
        if (this.fg === id) this.bus.emit(name, payload);
        // A change pushed in slices (EventsChanged.more) is counted once, at its last.
        if (COUNTED.has(name) && (payload as { more?: true }).more !== true) this.recount(id);
      },
      subscribe: (l) => this.bus.subscribe(l),
    };
  }

  add(id: string, entry: Omit<OpenEntry, 'usedAt' | 'counts'>): OpenEntry {
    const e: OpenEntry = { ...entry, counts: { unacknowledged: 0, alarms: 0 }, usedAt: ++this.clock };
    this.entries.set(id, e);
    this.readCounts(e);
    return e;
  }

  bringForward(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    e.usedAt = ++this.clock;
    this.fg = id;
  }

  /** Closes one; when it was the foreground, the most recently used of the others takes its place. */
  close(id: string): OpenEntry | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    this.entries.delete(id);
    // A worker that fails to close is gone either way; nothing waits on it beyond this.
    const closing = e.conn.close().catch(() => {});
    this.closing.add(closing);
    void closing.finally(() => this.closing.delete(closing));
    if (this.fg === id) {
      const next = [...this.entries.entries()].sort((a, b) => b[1].usedAt - a[1].usedAt)[0];
      this.fg = next ? next[0] : null;
    }
    return e;
  }

  closeAll(): void {
    for (const id of [...this.entries.keys()]) this.close(id);
  }

  /** Settles once every connection closed so far has finished closing (its worker's last write). */
  async closed(): Promise<void> {
    await Promise.all([...this.closing]);
  }

  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Counts again from its cache (after an events poll was stored, an ack queued or confirmed). */
  recount(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    const before = `${e.counts.unacknowledged}/${e.counts.alarms}`;
    this.readCounts(e);
    if (`${e.counts.unacknowledged}/${e.counts.alarms}` !== before) this.listChanged();
  }

  private readCounts(e: OpenEntry): void {
    try {
      e.counts = e.conn.events.counts(ALARM_TYPE_MASK) ?? e.conn.cache.events.unacknowledgedCounts(ALARM_TYPE_MASK);
    } catch {
      // A connection closing under a late poll: its last counts stand until it is gone.
    }
  }
}
