import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventsList } from '../../../common/methods/events';
import type { FleetEvent } from '../../../common/resources';

/** The core as the events store sees it: one list, acknowledgements accepted. */
const core = vi.hoisted(() => ({ list: null as EventsList | null, pushes: new Map<string, (p: unknown) => void>() }));
vi.mock('../../../renderer/src/rpc/client', () => ({
  RpcError: class extends Error {},
  rpc: (name: string) => Promise.resolve(name === 'outbox/list' ? { pending: 0, failed: 0, entries: [] } : name === 'events/ack' ? { queued: 1 } : structuredClone(core.list)),
  onPush: (name: string, cb: (p: unknown) => void) => {
    core.pushes.set(name, cb);
    return () => core.pushes.delete(name);
  },
  onLink: () => () => {},
}));

/** Typed here: importing the stores' types would pull the DOM transport into the node typecheck. */
interface Sent {
  key: number;
  outcomes: ReadonlyMap<number, { text: string }>;
}
interface SentStore {
  add(c: { objectIds: number[]; label: string; sentAt: number; status: 'accepted'; command?: string }): Sent;
  get(): Sent[];
  clear(): void;
}
interface EventsStore {
  get(): { all: FleetEvent[] };
  ack(ids: number[]): Promise<void>;
  reset(): void;
}
const SENT = '../../../renderer/src/commands/sent-store';
const EVENTS = '../../../renderer/src/events/events-store';
const { sentCommands } = (await import(/* @vite-ignore */ SENT)) as { sentCommands: SentStore };
const { eventsStore } = (await import(/* @vite-ignore */ EVENTS)) as { eventsStore: EventsStore };

const flush = () => new Promise((r) => setTimeout(r, 0));
const listed = (events: FleetEvent[], seq: number): EventsList => ({ scope: 'all', events, feedIds: events.map((e) => e.Id), seq, fetchedAt: seq, pendingAckIds: [], ackErrors: [] });
const outcome: FleetEvent = { Id: 7, ObjectId: 43, Time: 103_000, Type: 0x100, Text: 'Command "getgps" (Get position) executed: OK' };

describe('a found outcome stays', () => {
  beforeEach(() => {
    sentCommands.clear();
    eventsStore.reset();
  });

  it('after its event is acknowledged (it leaves the unacknowledged list)', async () => {
    core.list = listed([], 1);
    const cmd = sentCommands.add({ objectIds: [43], label: 'Get position', sentAt: 100_000, status: 'accepted', command: 'getgps' });
    await flush();
    expect(sentCommands.get()[0]!.outcomes.size).toBe(0);

    core.pushes.get('events/changed')!({ seq: 2, base: 1, upserted: [outcome], removed: [], feedIds: [7], fetchedAt: 2, pendingAckIds: [], ackErrors: [] });
    expect(sentCommands.get().find((c) => c.key === cmd.key)!.outcomes.get(43)?.text).toBe(outcome.Text);

    await eventsStore.ack([7]);
    expect(eventsStore.get().all).toHaveLength(0);
    core.pushes.get('events/changed')?.({ seq: 3, base: 2, upserted: [], removed: [7], fetchedAt: 3, pendingAckIds: [], ackErrors: [] });
    expect(sentCommands.get().find((c) => c.key === cmd.key)!.outcomes.get(43)?.text).toBe(outcome.Text);
  });

  it('an outcome already listed when the command is recorded is found at once', async () => {
    core.list = listed([outcome], 1);
    const probe = sentCommands.add({ objectIds: [1], label: 'x', sentAt: 0, status: 'accepted' });
    await flush();
    expect(probe.outcomes.size).toBe(0);
    const cmd = sentCommands.add({ objectIds: [43], label: 'Get position', sentAt: 100_000, status: 'accepted', command: 'getgps' });
    expect(cmd.outcomes.get(43)?.text).toBe(outcome.Text);
  });
});
