/** The operations on a selection, in the order of the action bar, and what each asks for. */
import type { JobKind } from '../../../common/methods/jobs';

export type ValueKind = 'km' | 'hours' | 'company' | 'icon' | 'date' | 'group' | 'none';

export interface ActionInfo {
  kind: JobKind;
  /** The button's text, also the dialog's title. */
  label: string;
  value: ValueKind;
  /** What a job of this kind does, in the history and the results ("Odometer set"). */
  noun: string;
}

export const ACTIONS: ActionInfo[] = [
  { kind: 'odometer', label: 'Sync odometer', value: 'km', noun: 'Odometer' },
  { kind: 'engine-hours', label: 'Sync engine hours', value: 'hours', noun: 'Engine hours' },
  { kind: 'owner', label: 'Set owner', value: 'company', noun: 'Owner' },
  { kind: 'icon', label: 'Set icon', value: 'icon', noun: 'Icon' },
  { kind: 'paid-till', label: 'Paid till', value: 'date', noun: 'Paid till' },
  { kind: 'group-add', label: 'Add to group', value: 'group', noun: 'Added to group' },
  { kind: 'group-remove', label: 'Remove from group', value: 'group', noun: 'Removed from group' },
  { kind: 'delete', label: 'Delete', value: 'none', noun: 'Deleted' },
];

export const ACTION_BY_KIND = new Map(ACTIONS.map((a) => [a.kind, a]));

export function kindNoun(kind: JobKind): string {
  return ACTION_BY_KIND.get(kind)?.noun ?? kind;
}

/**
 * A typed number as a counter value: digits with one decimal point or comma, not negative.
 * null when it is not one, so the form says so instead of sending NaN.
 */
export function parseCounter(text: string): number | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The words the delete confirmation asks to be typed: the count in them, so a wrong selection shows. */
export function deletePhrase(count: number): string {
  return `delete ${count}`;
}
