import { describe, expect, it } from 'vitest';
import type { FleetEvent } from '../../../common/resources';
import { outcomesFor } from '../../../renderer/src/commands/outcomes';
import { alertPlan, titleFor } from '../../../renderer/src/events/alert-plan';
import { eventKind } from '../../../renderer/src/events/event-types';
import { parseMuted } from '../../../renderer/src/events/sound-prefs';
import { actionFor } from '../../../renderer/src/shortcuts/keymap';

const ev = (Id: number, Type: number, ObjectId = 1, Time = 1000, Text = 't'): FleetEvent => ({ Id, Type, ObjectId, Time, Text });

describe('event kinds', () => {
  it('names an event by its most urgent known bit', () => {
    expect(eventKind(0x200 | 0x8000).label).toBe('Alarm');
    expect(eventKind(0x4).label).toBe('Speeding');
    expect(eventKind(0x40000).label).toBe('Event type 0x40000');
  });
  it('names the simulator\'s night alarms by what happened, not by their alarm bit', () => {
    expect(eventKind(0x2000 | 0x8000).label).toBe('Power cut');
    expect(eventKind(0x10000 | 0x8000).label).toBe('Towing');
    expect(eventKind(0x4000).label).toBe('Low battery');
  });
  it('makes the kind of a type once, a type the console does not know too, and names every type a server invents', () => {
    expect(eventKind(0x80000)).toBe(eventKind(0x80000));
    expect(eventKind(0x4 | 0x1)).toBe(eventKind(0x4 | 0x1));
    // A server sending ever new types: each is still named, whether kept or not.
    for (let t = 0; t < 5000; t++) expect(eventKind(0x100000 + t * 0x200000).bit).toBe(0x100000);
    expect(eventKind(0x100000 + 4999 * 0x200000).label).toBe('Event type 0x100000');
  });
});

describe('alertPlan', () => {
  const name = (id: number) => `Truck ${id}`;
  it('beeps once per unmuted kind, most urgent first', () => {
    const plan = alertPlan([ev(1, 0x4), ev(2, 0x4), ev(3, 0x1), ev(4, 0x8000)], new Set([0x1]), name);
    expect(plan.sounds.map((k) => k.label)).toEqual(['Alarm', 'Speeding']);
  });
  it('notifies each of a few events, and summarises a burst', () => {
    expect(alertPlan([ev(1, 0x4, 7)], new Set(), name).notifications).toEqual([{ title: 'Speeding: Truck 7', body: 't', tag: 'event-1' }]);
    const burst = alertPlan([ev(1, 0x4), ev(2, 0x4), ev(3, 0x20), ev(4, 0x4)], new Set(), name).notifications;
    expect(burst).toHaveLength(1);
    expect(burst[0]!.title).toBe('4 new events');
  });
  it("names each kind of a burst once, a kind the console does not know as well", () => {
    const unknown = 0x100000;
    const events = [ev(1, unknown), ev(2, 0x4), ...Array.from({ length: 2000 }, (_, i) => ev(10 + i, i % 2 ? unknown : 0x4))];
    const [burst] = alertPlan(events, new Set(), name).notifications;
    expect(burst).toEqual({ title: '2002 new events', body: 'Event type 0x100000, Speeding', tag: 'events-burst' });
  });
  it('raises neither a sound nor a notification for a muted kind', () => {
    const geozone = 0x8;
    const plan = alertPlan([ev(1, geozone, 7)], new Set([geozone]), name);
    expect(plan).toEqual({ sounds: [], notifications: [] });
    // A burst of muted kinds is not summarised either.
    expect(alertPlan([ev(1, geozone), ev(2, geozone), ev(3, geozone), ev(4, geozone)], new Set([geozone]), name).notifications).toEqual([]);
  });
  it('notifies only the unmuted events of a mixed batch, and counts only them', () => {
    const muted = new Set([0x8]);
    expect(alertPlan([ev(1, 0x8), ev(2, 0x4, 7)], muted, name).notifications).toEqual([{ title: 'Speeding: Truck 7', body: 't', tag: 'event-2' }]);
    const burst = alertPlan([ev(1, 0x8), ev(2, 0x4), ev(3, 0x20), ev(4, 0x4), ev(5, 0x8), ev(6, 0x400)], muted, name).notifications;
    expect(burst).toEqual([{ title: '4 new events', body: 'Speeding, Harsh braking, Connection lost', tag: 'events-burst' }]);
  });
  it('puts the count in the title', () => {
    expect(titleFor(0)).toBe('Fleet Console');
    expect(titleFor(12)).toBe('(12) Fleet Console');
  });
  it('reads muted kinds tolerantly', () => {
    expect([...parseMuted('[1, 4, "x"]')]).toEqual([1, 4]);
    expect(parseMuted('{')).toEqual(new Set());
  });
});

describe('command outcomes', () => {
  it('takes the first command event of each object after the send', () => {
    const events = [ev(1, 0x100, 1, 50_000, 'old'), ev(2, 0x100, 1, 120_000, 'ok'), ev(3, 0x200 | 0x8000, 2, 130_000, 'offline'), ev(4, 0x4, 3, 130_000)];
    const out = outcomesFor(events, [1, 2, 3], 100_000);
    expect(out.get(1)).toMatchObject({ ok: true, text: 'ok' });
    expect(out.get(2)).toMatchObject({ ok: false, text: 'offline' });
    expect(out.has(3)).toBe(false);
  });
});

describe('shortcuts', () => {
  const k = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  it('maps keys to actions, and leaves typing alone', () => {
    expect(actionFor(k('/'), false)).toBe('search');
    expect(actionFor(k('k', { ctrlKey: true }), true)).toBe('search');
    expect(actionFor(k('a'), false)).toBe('ack');
    expect(actionFor(k('a'), true)).toBeNull();
    expect(actionFor(k('Escape'), true)).toBe('clear');
    expect(actionFor(k('?'), false)).toBe('help');
    expect(actionFor(k('a', { ctrlKey: true }), false)).toBeNull();
    expect(actionFor(k('f'), false)).toBe('follow');
    expect(actionFor(k('F'), false)).toBe('follow');
    expect(actionFor(k('f'), true)).toBeNull();
  });
});
