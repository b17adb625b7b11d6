import { isTyping } from './typing';

/** Roles whose widgets move or choose with the arrows (WAI-ARIA's keyboard patterns). */
const ARROW_ROLES = new Set(['slider', 'scrollbar', 'listbox', 'option', 'tab', 'tablist', 'grid', 'row', 'gridcell', 'radiogroup', 'radio', 'menu', 'menuitem', 'tree', 'treegrid', 'combobox', 'spinbutton']);
/** Roles Space or Enter activates or toggles. */
const PRESS_ROLES = new Set(['button', 'checkbox', 'switch', 'tab', 'option', 'menuitem', 'radio', 'row', 'link']);
const NAV_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

function roleOf(el: HTMLElement): string {
  const explicit = el.getAttribute('role');
  if (explicit) return explicit;
  const tag = el.tagName.toLowerCase();
  if (tag === 'button' || tag === 'summary') return 'button';
  if (tag === 'a' && el.hasAttribute('href')) return 'link';
  if (tag === 'select') return 'listbox';
  if (el instanceof HTMLInputElement) return el.type === 'range' ? 'slider' : el.type === 'radio' ? 'radio' : el.type === 'checkbox' ? 'checkbox' : el.type;
  return '';
}

/**
 * Whether the focused control keeps this key for itself: letters in a text field, Space on a
 * button (it presses it), arrows on a slider, a list or a tab row. A screen's shortcut then
 * stands aside, so the keyboard never does two things at once.
 */
export function focusOwnsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (isTyping(target)) return true;
  const role = roleOf(target);
  if ((key === ' ' || key === 'Enter') && PRESS_ROLES.has(role)) return true;
  return NAV_KEYS.has(key) && ARROW_ROLES.has(role);
}
