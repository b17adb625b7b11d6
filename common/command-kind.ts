/**
 * What a device command does, read from its template's name and its command text: the one
 * rule for which commands are confirmed and what the confirmation says. The core marks
 * templates with it (`destructive`), the command dialog classifies raw strings with it.
 *
 * Why by effect and not by a word list of "destructive" actions: switching an output cuts
 * an engine or a fuel pump on a vehicle that may be moving, and nothing about `setdigout 1`
 * sounds like wiping; a reboot loses nothing, but the device stops reporting meanwhile.
 */

export type CommandKind = 'immobiliser' | 'erase' | 'reboot' | 'config' | 'query' | 'other';

/**
 * In order: the first kind whose pattern matches the name or the command wins. Immobiliser
 * comes first ("Block engine and clear alarms" still cuts the engine); erase before reboot
 * (a factory reset is an erase, not a restart); query last, after anything that acts.
 */
const RULES: readonly (readonly [CommandKind, RegExp])[] = [
  // A bare getter ("getoutputs", "readio") reads, whatever it names.
  ['query', /^(get|read)[a-z]*$/i],
  ['immobiliser', /setdigout|setdout|\bdout\d|digital ?out|output|relay|immobili[sz]|(block|cut|stop|kill)\w* ?(the )?(engine|fuel|ignition|motor)|(engine|fuel|ignition)\w* ?(block|cut|off|stop)|unblock|fuel ?cut/i],
  ['erase', /wipe|format|factory|erase|delete|clear|purge|defaultcfg|\breset ?(config|settings|to default)/i],
  ['reboot', /reboot|restart|cpureset|\breset\b|reset ?device|power ?cycle|shutdown/i],
  ['config', /^set|\bset ?(param|config)|setparam|config|\bapn\b|server|interval|\bparam/i],
  ['query', /^get|getstatus|getgps|getinfo|getver|status|position|locate|\bping\b|\binfo\b|version|\bread\b/i],
];

export interface KindInfo {
  /** Asked before sending. */
  confirm: boolean;
  /** What it does, in an operator's words, for the confirmation ("It … the device of …"). */
  does: string;
  /** The confirmation's heading, after the command's name. */
  heading: string;
}

export const COMMAND_KINDS: Record<CommandKind, KindInfo> = {
  immobiliser: {
    confirm: true,
    does: 'switches an output of the vehicle: an immobiliser or fuel cut-off stops the engine, also while it is driving',
    heading: 'switches the vehicle’s engine or outputs',
  },
  erase: { confirm: true, does: 'erases data or settings on the device, for good', heading: 'cannot be undone' },
  reboot: { confirm: true, does: 'restarts the device: it stops reporting until it is back, usually a minute or two; nothing is erased', heading: 'restarts the device' },
  config: { confirm: false, does: 'changes a setting of the device', heading: 'changes the device’s settings' },
  query: { confirm: false, does: 'asks the device for information; it changes nothing', heading: 'reads from the device' },
  other: { confirm: false, does: 'sends the command to the device', heading: 'is sent to the device' },
};

/** The kind of a command from its template's name and its text (either may be missing). */
export function commandKind(name: string | undefined, command?: string | undefined): CommandKind {
  const texts = [command, name].filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  for (const [kind, re] of RULES) if (texts.some((t) => re.test(t.trim()))) return kind;
  return 'other';
}

export function needsConfirmation(kind: CommandKind): boolean {
  return COMMAND_KINDS[kind].confirm;
}
