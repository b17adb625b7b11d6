/** Whether a raw command string needs the same confirmation as a destructive template. */
import { looksDestructive, type CommandTemplate } from '../../../common/methods/commands';

/** Devices read commands case-insensitively and split arguments on whitespace. */
export function normalCommand(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * True when the raw string is a destructive template's command (with or without further
 * arguments after it), or itself names a destructive action by the rule templates are
 * marked with. Typing what a destructive template sends must not skip its confirmation.
 */
export function rawIsDestructive(raw: string, templates: readonly CommandTemplate[]): boolean {
  const cmd = normalCommand(raw);
  if (!cmd) return false;
  if (looksDestructive(cmd)) return true;
  return templates.some((t) => {
    if (!t.destructive || typeof t.Command !== 'string') return false;
    const tc = normalCommand(t.Command);
    return tc !== '' && (cmd === tc || cmd.startsWith(`${tc} `));
  });
}
