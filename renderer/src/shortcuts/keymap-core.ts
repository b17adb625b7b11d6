/**
 * What History, Admin and the screen switch share: a binding written once as the keys the
 * help shows ("Ctrl+A", "Space", "←"), matched against key presses from that same text, so
 * the table and the handler cannot drift apart. Live keeps its own table (keymap.ts).
 */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export interface Binding<A extends string> {
  /** As shown in the help; each one also a key that triggers the action. */
  keys: string[];
  action: A;
  /** The help's words, in the `shortcuts` namespace. */
  textKey: string;
  /** Also while typing in a text field (only keys that cannot be text, such as Esc). */
  inFields?: boolean;
}

/** Names the help shows for keys whose `KeyboardEvent.key` is another word. */
const KEY_NAMES: Record<string, string> = {
  Space: ' ',
  Esc: 'Escape',
  '←': 'ArrowLeft',
  '→': 'ArrowRight',
  '↑': 'ArrowUp',
  '↓': 'ArrowDown',
  Del: 'Delete',
};

interface Chord {
  key: string;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
}

export function parseChord(text: string): Chord {
  // "Ctrl++" would name the plus key; none of our tables needs it.
  const parts = text.split('+');
  const name = parts.pop() ?? '';
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return { key: KEY_NAMES[name] ?? name, ctrl: mods.has('ctrl'), alt: mods.has('alt'), shift: mods.has('shift') };
}

/**
 * Whether a press is this chord. Ctrl also means ⌘ (macOS). Shift counts only where the
 * chord names it and the key is not a printed sign: "?" needs Shift on most layouts, "[" on
 * none, and a letter arrives upper-case under Caps Lock.
 */
export function matches(chord: Chord, e: KeyLike): boolean {
  if (chord.ctrl !== (e.ctrlKey || e.metaKey) || chord.alt !== e.altKey) return false;
  const printed = chord.key.length === 1;
  if (!printed && chord.shift !== e.shiftKey) return false;
  if (printed && chord.shift && !e.shiftKey) return false;
  return printed ? e.key.toLowerCase() === chord.key.toLowerCase() : e.key === chord.key;
}

/** The action a press asks for in this table; while typing, only the bindings marked for fields. */
export function bindingFor<A extends string>(table: readonly Binding<A>[], e: KeyLike, typing: boolean): A | null {
  for (const b of table) {
    if (typing && !b.inFields) continue;
    if (b.keys.some((k) => matches(parseChord(k), e))) return b.action;
  }
  return null;
}
