/** The operations on a selection, in the order of the action bar, and what each asks for. */
import type { JobKind } from '../../../common/methods/jobs';
import { i18n } from '../i18n';

export type ValueKind = 'km' | 'hours' | 'company' | 'icon' | 'date' | 'group' | 'none';

export interface ActionInfo {
  kind: JobKind;
  /** The button's text, also the dialog's title: a key of the admin namespace (`actionLabel`). */
  label: string;
  value: ValueKind;
  /** What a job of this kind does, in the history and the results ("Odometer set"): a key (`kindNoun`). */
  noun: string;
}

export const ACTIONS: ActionInfo[] = [
  { kind: 'odometer', label: 'actions.odometer.label', value: 'km', noun: 'actions.odometer.noun' },
  { kind: 'engine-hours', label: 'actions.engineHours.label', value: 'hours', noun: 'actions.engineHours.noun' },
  { kind: 'owner', label: 'actions.owner.label', value: 'company', noun: 'actions.owner.noun' },
  { kind: 'icon', label: 'actions.icon.label', value: 'icon', noun: 'actions.icon.noun' },
  { kind: 'paid-till', label: 'actions.paidTill.label', value: 'date', noun: 'actions.paidTill.noun' },
  { kind: 'group-add', label: 'actions.groupAdd.label', value: 'group', noun: 'actions.groupAdd.noun' },
  { kind: 'group-remove', label: 'actions.groupRemove.label', value: 'group', noun: 'actions.groupRemove.noun' },
  { kind: 'delete', label: 'actions.delete.label', value: 'none', noun: 'actions.delete.noun' },
];

export const ACTION_BY_KIND = new Map(ACTIONS.map((a) => [a.kind, a]));

/** The action's button text in the console's language now. */
export function actionLabel(a: ActionInfo): string {
  return i18n.t(a.label, { ns: 'admin' });
}

export function kindNoun(kind: JobKind): string {
  const a = ACTION_BY_KIND.get(kind);
  if (a) return i18n.t(a.noun, { ns: 'admin' });
  return kind === 'history-import' ? i18n.t('admin:actions.historyImport.noun') : kind;
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

/** The words the delete confirmation asks to be typed (in the console's language): the count in them, so a wrong selection shows. */
export function deletePhrase(count: number): string {
  return i18n.t('admin:delete.phrase', { n: count });
}
