import { describe, expect, it } from 'vitest';
import type { FleetEvent } from '../../../common/resources';
import { matchOutcomes, namedCommand, type SendToMatch } from '../../../renderer/src/commands/outcomes';

const DELIVERED = 0x100;
const FAILED = 0x200 | 0x8000;
const ev = (Id: number, ObjectId: number, Time: number, Text: string, Type = DELIVERED): FleetEvent => ({ Id, ObjectId, Time, Type, Text });
const send = (key: number, sentAt: number, what: Partial<SendToMatch>, objectIds = [43]): SendToMatch => ({ key, objectIds, sentAt, ...what });
const texts = (m: Map<number, Map<number, { text: string }>>, key: number, id = 43) => m.get(key)?.get(id)?.text;

describe('an outcome is matched to the command that was sent', () => {
  it('reads the command the simulator names', () => {
    expect(namedCommand('Command "getgps" (Get position) executed: OK')).toEqual({ command: 'getgps', name: 'Get position' });
    expect(namedCommand('Command "cpureset" executed: OK')).toEqual({ command: 'cpureset', name: undefined });
    expect(namedCommand('Command "setdigout 1" (Block (hard)) not delivered: device offline')).toEqual({ command: 'setdigout 1', name: 'Block (hard)' });
    expect(namedCommand('Speeding')).toBeNull();
  });

  it('never takes an earlier outcome of another command (raw cpureset, then Get position 10 s later)', () => {
    const events = [ev(1, 43, 103_000, 'Command "cpureset" executed: OK')];
    const gps = send(2, 110_000, { command: 'getgps', name: 'Get position' });
    expect(matchOutcomes(events, [gps]).size).toBe(0);
    events.push(ev(2, 43, 113_000, 'Command "getgps" (Get position) executed: OK'));
    expect(texts(matchOutcomes(events, [gps]), 2)).toBe('Command "getgps" (Get position) executed: OK');
  });

  it('never takes a later outcome of another command either', () => {
    const events = [ev(1, 43, 113_000, 'Command "cpureset" executed: OK'), ev(2, 43, 114_000, 'Command "getgps" executed: OK')];
    expect(texts(matchOutcomes(events, [send(1, 110_000, { command: 'GetGPS ' })]), 1)).toBe('Command "getgps" executed: OK');
  });

  it('matches by template name when the command text is not known', () => {
    const events = [ev(1, 43, 113_000, 'Command "getgps" (Get position) executed: OK')];
    expect(texts(matchOutcomes(events, [send(1, 110_000, { name: 'Get position' })]), 1)).toContain('executed');
    expect(matchOutcomes(events, [send(1, 110_000, { name: 'Get status' })]).size).toBe(0);
  });

  it('gives two sends of one command one outcome each, oldest first', () => {
    const events = [ev(5, 43, 113_000, 'Command "getgps" executed: late'), ev(4, 43, 103_000, 'Command "getgps" executed: first')];
    const m = matchOutcomes(events, [send(2, 110_000, { command: 'getgps' }), send(1, 100_000, { command: 'getgps' })]);
    expect(texts(m, 1)).toBe('Command "getgps" executed: first');
    expect(texts(m, 2)).toBe('Command "getgps" executed: late');
    // Taken before (recorded by the store): the newer send waits for its own.
    expect(matchOutcomes([events[1]!], [send(2, 110_000, { command: 'getgps' })], new Set([4])).size).toBe(0);
  });

  it('an event naming no command is matched by time, within the clock skew', () => {
    const events = [ev(1, 43, 50_000, 'old'), ev(2, 43, 95_000, 'ok'), ev(3, 44, 101_000, 'offline', FAILED), ev(4, 45, 101_000, 'speeding', 0x4)];
    const m = matchOutcomes(events, [send(1, 100_000, { command: 'getgps' }, [43, 44, 45])]).get(1)!;
    expect(m.get(43)).toMatchObject({ ok: true, text: 'ok' });
    expect(m.get(44)).toMatchObject({ ok: false, text: 'offline' });
    expect(m.has(45)).toBe(false);
  });
});
