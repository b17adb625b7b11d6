/** What a template or a raw command string does, for the dialog's confirmation (common/command-kind.ts). */
import { commandKind, needsConfirmation, type CommandKind } from '../../../common/command-kind';
import type { CommandTemplate } from '../../../common/methods/commands';

/** Devices read commands case-insensitively and split arguments on whitespace. */
export function normalCommand(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What the dialog needs: the kind (for the confirmation's words) and whether to ask first. */
export interface Classified {
  kind: CommandKind;
  confirm: boolean;
}

/** A template by its name and command; one the core marked destructive is confirmed whatever its kind. */
export function classifyTemplate(t: CommandTemplate): Classified {
  const kind = commandKind(t.Name, t.Command);
  return { kind, confirm: t.destructive || needsConfirmation(kind) };
}

/**
 * A raw string by its own text, or as a template it sends (the template's command, with or
 * without further arguments after it) when that one is confirmed. Typing what a confirmed
 * template sends must not skip its confirmation.
 */
export function classifyRaw(raw: string, templates: readonly CommandTemplate[]): Classified {
  const cmd = normalCommand(raw);
  const kind = commandKind(undefined, cmd);
  if (!cmd || needsConfirmation(kind)) return { kind, confirm: cmd !== '' };
  for (const t of templates) {
    if (typeof t.Command !== 'string') continue;
    const tc = normalCommand(t.Command);
    if (tc === '' || (cmd !== tc && !cmd.startsWith(`${tc} `))) continue;
    const c = classifyTemplate(t);
    if (c.confirm) return c;
  }
  return { kind, confirm: false };
}

/** True when the raw string is confirmed before sending. */
export function rawIsDestructive(raw: string, templates: readonly CommandTemplate[]): boolean {
  return classifyRaw(raw, templates).confirm;
}
