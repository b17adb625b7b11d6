import { describe, expect, it } from 'vitest';
import { COMMAND_KINDS, commandKind, needsConfirmation, type CommandKind } from '../../../common/command-kind';

/** [template name, command text, kind]: the simulator's templates first, then commands other devices take. */
const TABLE: [string | undefined, string | undefined, CommandKind][] = [
  ['Block engine', 'setdigout 1', 'immobiliser'],
  ['Unblock engine', 'setdigout 0', 'immobiliser'],
  [undefined, 'setdigout 1', 'immobiliser'],
  [undefined, 'SETDIGOUT 10?', 'immobiliser'],
  ['Fuel cut-off', 'cmd 7', 'immobiliser'],
  ['Immobiliser on', undefined, 'immobiliser'],
  ['Relay 2 on', 'out2 1', 'immobiliser'],
  ['Wipe stored records', 'deleterecords', 'erase'],
  [undefined, 'formatsd', 'erase'],
  ['Factory reset', 'defaultcfg', 'erase'],
  [undefined, 'EraseFlash', 'erase'],
  ['Reboot device', 'cpureset', 'reboot'],
  [undefined, 'reset', 'reboot'],
  ['Restart', 'restart', 'reboot'],
  [undefined, 'setparam 1000 60', 'config'],
  ['Set APN', 'apn internet', 'config'],
  ['Get position', 'getgps', 'query'],
  ['Get status', 'getstatus', 'query'],
  [undefined, 'getinfo', 'query'],
  [undefined, 'getoutputs', 'query'],
  [undefined, 'calib 5', 'other'],
];

describe('commands are classified by what they do', () => {
  it.each(TABLE)('%s / %s is %s', (name, command, kind) => {
    expect(commandKind(name, command)).toBe(kind);
  });

  it('cutting outputs, erasing and restarting ask first; reading, settings and the rest do not', () => {
    const asked = (Object.keys(COMMAND_KINDS) as CommandKind[]).filter(needsConfirmation);
    expect(asked.sort()).toEqual(['erase', 'immobiliser', 'reboot']);
  });

  it('a reboot is not described as erasing anything, and an immobiliser says it stops the engine', () => {
    expect(COMMAND_KINDS.reboot.does).not.toMatch(/wipes|erases|reformat|cannot be undone/);
    expect(COMMAND_KINDS.reboot.does).toMatch(/restarts/);
    expect(COMMAND_KINDS.immobiliser.does).toMatch(/stops the engine/);
  });
});
