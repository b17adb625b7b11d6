import { describe, expect, it } from 'vitest';
import { OUTCOME_WATCH_MS, RESEND_ASK_MS, outcomeLine, unknownPrior } from '../../../renderer/src/commands/unknown-watch';
import type { Outcome } from '../../../renderer/src/commands/outcomes';

const T0 = 1_700_000_000_000;
const delivered: Outcome = { ok: true, text: 'Command "getstatus" executed: OK', time: T0 + 3000, eventId: 9 };
const send = (over: Partial<Parameters<typeof outcomeLine>[0]> = {}) => ({
  key: 1,
  objectIds: [1, 2],
  label: 'getstatus',
  sentAt: T0,
  status: 'unknown' as const,
  command: 'getstatus',
  outcomes: new Map<number, Outcome>(),
  ...over,
});

describe('an unknown outcome, watched and then said', () => {
  it('watches the events for a while, counting down', () => {
    const line = outcomeLine(send(), 1, T0 + 10_000);
    expect(line.kind).toBe('watching');
    expect(line.text).toBe('outcome unknown: watching its events (20 s more)');
  });

  it('after the watch window with nothing in the events, says there is no sign it was delivered', () => {
    const line = outcomeLine(send(), 1, T0 + OUTCOME_WATCH_MS + 1);
    expect(line.kind).toBe('no-sign');
    expect(line.text).toMatch(/^no sign it was delivered/);
  });

  it('an outcome found in the events wins, even after the window', () => {
    expect(outcomeLine(send({ outcomes: new Map([[1, delivered]]) }), 1, T0 + OUTCOME_WATCH_MS * 3)).toEqual({ kind: 'ok', text: delivered.text });
  });

  it('a send the service accepted keeps waiting for the device, whatever the time', () => {
    expect(outcomeLine(send({ status: 'accepted' }), 1, T0 + OUTCOME_WATCH_MS * 3).kind).toBe('waiting');
  });
});

describe('a resend of the same command to the same object', () => {
  it('finds the unknown send, naming only the objects it has no outcome for', () => {
    const prior = send({ outcomes: new Map([[1, delivered]]) });
    const found = unknownPrior([prior], [1, 2, 3], { command: '  GETSTATUS ' }, T0 + 5000);
    expect(found?.send).toBe(prior);
    expect(found?.objectIds).toEqual([2]);
  });

  it('does not ask for another command, another object, an accepted send, a known outcome or an old send', () => {
    const now = T0 + 5000;
    expect(unknownPrior([send()], [1], { command: 'getgps' }, now)).toBeNull();
    expect(unknownPrior([send()], [7], { command: 'getstatus' }, now)).toBeNull();
    expect(unknownPrior([send({ status: 'accepted' })], [1], { command: 'getstatus' }, now)).toBeNull();
    expect(unknownPrior([send({ outcomes: new Map([[1, delivered], [2, delivered]]) })], [1, 2], { command: 'getstatus' }, now)).toBeNull();
    expect(unknownPrior([send()], [1], { command: 'getstatus' }, T0 + RESEND_ASK_MS + 1)).toBeNull();
  });

  it('matches a template send by its name when the command text is not known', () => {
    const byName = send({ command: undefined, name: 'Get status' });
    expect(unknownPrior([byName], [1], { name: 'get status' }, T0 + 1000)?.send).toBe(byName);
  });
});
