/** The live screen's keyboard shortcuts: one table for the handler and the help dialog. */
export type ShortcutAction = 'search' | 'ack' | 'follow' | 'clear' | 'help';

/** What each does is said by the help dialog (live.actions.<action> in shortcuts.json). */
export const SHORTCUTS: { keys: string[]; action: ShortcutAction }[] = [
  { keys: ['/', 'Ctrl+K'], action: 'search' },
  { keys: ['A'], action: 'ack' },
  { keys: ['F'], action: 'follow' },
  { keys: ['Esc'], action: 'clear' },
  { keys: ['?'], action: 'help' },
];

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** Which action a key press asks for; while typing in a field, only the ones that cannot be text. */
export function actionFor(e: KeyLike, typing: boolean): ShortcutAction | null {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') return 'search';
  if (e.key === 'Escape') return 'clear';
  if (typing || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === '/') return 'search';
  if (e.key === 'a' || e.key === 'A') return 'ack';
  if (e.key === 'f' || e.key === 'F') return 'follow';
  if (e.key === '?') return 'help';
  return null;
}

