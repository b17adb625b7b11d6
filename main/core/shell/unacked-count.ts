/**
 * The number of unacknowledged alarms for the tray and the taskbar badge, kept as a view
 * keeps its list: through the contract (`events/list`, then the numbered `events/changed`
 * pushes), so the count is the one the Events panel's feed shows (muted groups left out,
 * acknowledgements queued here already gone) and needs nothing of the events service's insides.
 */
import type { PushEnvelope, ResponseEnvelope } from '../../../common/envelope';
import type { EventsChanged, EventsList } from '../../../common/methods/events';

interface CoreLike {
  dispatcher: { dispatch(raw: unknown): Promise<ResponseEnvelope> };
  bus: { subscribe(listener: (env: PushEnvelope) => void): () => void };
}

export interface UnackedWatch {
  /** The count now (0 until the first list arrives, and while signed out). */
  count(): number;
  stop(): void;
}

export function watchUnacknowledged(core: CoreLike, onCount: (n: number) => void): UnackedWatch {
  /** Unacknowledged, not pending, as last listed or pushed. */
  const listed = new Set<number>();
  let feed = new Set<number>();
  let seq: number | null = null;
  let loading = false;
  let again = false;
  let stopped = false;
  let last = -1;

  const count = () => {
    let n = 0;
    for (const id of feed) if (listed.has(id)) n++;
    return n;
  };
  const tell = () => {
    const n = count();
    if (n !== last && !stopped) {
      last = n;
      onCount(n);
    }
  };

  async function load(): Promise<void> {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      do {
        again = false;
        const reply = await core.dispatcher.dispatch({ id: 0, name: 'events/list', args: { scope: 'all' } });
        listed.clear();
        if (reply.type === 'reply') {
          const l = reply.result as EventsList;
          for (const e of l.events) listed.add(e.Id);
          feed = new Set(l.feedIds);
          seq = l.seq;
        } else {
          // Signed out, or no connection yet: nothing to count until one opens.
          feed = new Set();
          seq = null;
        }
      } while (again && !stopped);
    } finally {
      loading = false;
    }
    tell();
  }

  function apply(d: EventsChanged): void {
    if (loading) {
      again = true;
      return;
    }
    if (seq === null || d.base !== seq) return void load();
    seq = d.seq;
    for (const id of d.removed) listed.delete(id);
    for (const e of d.upserted) listed.add(e.Id);
    if (d.feedIds) feed = new Set(d.feedIds);
    // A change in slices is told once, at its last.
    if (!d.more) tell();
  }

  const off = core.bus.subscribe((env) => {
    if (env.name === 'events/changed') apply(env.args as EventsChanged);
    else if (env.name === 'session/changed') void load();
  });
  void load();
  return {
    count,
    stop() {
      stopped = true;
      off();
    },
  };
}
