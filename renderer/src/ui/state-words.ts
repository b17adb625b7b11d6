/**
 * An object's state and its service status in the screen's language. The tables in
 * stores/object-state.ts stay the English reference (and the list of states); every screen
 * that shows a state reads these, when it draws, so a language change reaches it.
 */
import { ObjectStatusCode } from '../../../common/object-status';
import { i18n } from '../i18n';
import type { ObjectState } from '../stores/object-state';

export function stateLabel(s: ObjectState): string {
  return i18n.t(`ui:state.${s}`);
}

const STATUS_KEY: Record<number, string> = Object.fromEntries(Object.entries(ObjectStatusCode).map(([k, code]) => [code, k]));

/** Object.Status in words, or null for a code the console does not know (shown as the number). */
export function statusText(code: number): string | null {
  const key = STATUS_KEY[code];
  return key ? i18n.t(`ui:status.${key}`) : null;
}
