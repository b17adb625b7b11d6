/** What the action dialog's form holds, and the job items it makes (pure, unit-tested). */
import type { JobItemInput } from '../../../common/methods/jobs';
import { parseCounter, type ActionInfo } from './actions';
import { isValidDay } from '../ui/time';
import { i18n } from '../i18n';

export interface Draft {
  /** Counters: one value for every object, or one per object. */
  mode: 'one' | 'each';
  one: string;
  each: Record<number, string>;
  /** Company, icon or group id. */
  choice: number | null;
  /** YYYY-MM-DD as typed. */
  date: string;
}

export const EMPTY_DRAFT: Draft = { mode: 'one', one: '', each: {}, choice: null, date: '' };

/** Per-object values are typed in a list; past this many, the import is the better tool. */
export const EACH_LIMIT = 200;

export type DraftResult = { items: JobItemInput[] } | { error: string };

/** The form's complaint in the console's language now (the keys under admin:draft). */
const say = (key: string, values: Record<string, unknown> = {}) => i18n.t(`admin:draft.${key}`, values);

export function itemsOf(action: ActionInfo, draft: Draft, ids: readonly number[], nameOf: (id: number) => string): DraftResult {
  const km = action.value === 'km';
  switch (action.value) {
    case 'km':
    case 'hours': {
      if (draft.mode === 'one') {
        const v = parseCounter(draft.one);
        if (v === null) return { error: say(km ? 'kmNotNumber' : 'hoursNotNumber') };
        return { items: ids.map((objectId) => ({ objectId, value: v })) };
      }
      const items: JobItemInput[] = [];
      for (const id of ids) {
        const text = draft.each[id] ?? '';
        if (text.trim() === '') continue;
        const v = parseCounter(text);
        if (v === null) return { error: say(km ? 'kmNotNumberFor' : 'hoursNotNumberFor', { name: nameOf(id), text }) };
        items.push({ objectId: id, value: v });
      }
      return items.length ? { items } : { error: say('noValue') };
    }
    case 'company':
    case 'icon':
    case 'group': {
      if (draft.choice === null) return { error: say(action.value === 'company' ? 'chooseCompany' : action.value === 'icon' ? 'chooseIcon' : 'chooseGroup') };
      return { items: ids.map((objectId) => ({ objectId, value: draft.choice })) };
    }
    case 'date':
      if (!isValidDay(draft.date)) return { error: say('badDate') };
      return { items: ids.map((objectId) => ({ objectId, value: draft.date })) };
    case 'none':
      return { items: ids.map((objectId) => ({ objectId })) };
  }
}
