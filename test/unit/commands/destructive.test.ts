import { describe, expect, it } from 'vitest';
import type { CommandTemplate } from '../../../common/methods/commands';
import { markDestructive } from '../../../main/core/services/commands';
import { classifyRaw, rawIsDestructive } from '../../../renderer/src/commands/destructive';

/** The simulator's templates, marked by the core as the dialog receives them. */
const templates: CommandTemplate[] = [
  ['Get position', 'getgps'],
  ['Reboot device', 'cpureset'],
  ['Block engine', 'setdigout 1'],
  ['Wipe stored records', 'deleterecords'],
  ['Calibrate', 'calib 5'],
].map(([Name, Command], i) => markDestructive({ Id: i + 1, Name, Command }));

describe('a raw command is confirmed like the template that sends it', () => {
  it('the templates are classified by the shared rule', () => {
    expect(templates.filter((t) => t.destructive).map((t) => t.Command)).toEqual(['cpureset', 'setdigout 1', 'deleterecords']);
  });

  it("equals a destructive template's command, ignoring case, spaces and trailing arguments", () => {
    for (const raw of ['cpureset', '  CPURESET ', 'deleterecords', 'deleterecords  all', 'SetDigOut 1']) expect(rawIsDestructive(raw, templates), raw).toBe(true);
  });

  it('names a wipe, reset, format, factory or output action even without a template', () => {
    for (const raw of ['factory', 'formatsd', 'wipe all', 'reset', 'EraseFlash', 'setdigout 01']) expect(rawIsDestructive(raw, [])).toBe(true);
  });

  it('a destructive template without such a word is still matched by its command', () => {
    const danger = [{ ...markDestructive({ Id: 9, Name: 'Calibrate', Command: 'calib 5' }), destructive: true }];
    expect(rawIsDestructive('calib 5', danger)).toBe(true);
    expect(rawIsDestructive('CALIB   5 now', danger)).toBe(true);
    expect(rawIsDestructive('calib 50', danger)).toBe(false);
  });

  it('a raw command takes the kind of the confirmed template it sends', () => {
    const named = [{ ...markDestructive({ Id: 9, Name: 'Engine block', Command: 'cmd 77' }) }];
    expect(classifyRaw('CMD 77', named)).toEqual({ kind: 'immobiliser', confirm: true });
    expect(classifyRaw('getgps', named)).toEqual({ kind: 'query', confirm: false });
  });

  it('leaves ordinary commands alone', () => {
    for (const raw of ['getgps', 'getstatus', 'calib 50', '', '   ']) expect(rawIsDestructive(raw, templates), raw).toBe(false);
  });
});
