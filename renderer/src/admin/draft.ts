/** What the action dialog's form holds, and the job items it makes (pure, unit-tested). */
import type { JobItemInput } from '../../../common/methods/jobs';
import { parseCounter, type ActionInfo } from './actions';
import { isValidDay } from '../ui/time';

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

export function itemsOf(action: ActionInfo, draft: Draft, ids: readonly number[], nameOf: (id: number) => string): DraftResult {
  const unit = action.value === 'km' ? 'kilometres' : 'hours';
  switch (action.value) {
    case 'km':
    case 'hours': {
      if (draft.mode === 'one') {
        const v = parseCounter(draft.one);
        if (v === null) return { error: `Type the ${unit} as a number, 0 or more.` };
        return { items: ids.map((objectId) => ({ objectId, value: v })) };
      }
      const items: JobItemInput[] = [];
      for (const id of ids) {
        const text = draft.each[id] ?? '';
        if (text.trim() === '') continue;
        const v = parseCounter(text);
        if (v === null) return { error: `${nameOf(id)}: “${text}” is not a number of ${unit}.` };
        items.push({ objectId: id, value: v });
      }
      return items.length ? { items } : { error: 'Type a value for at least one object (objects left empty keep theirs).' };
    }
    case 'company':
    case 'icon':
    case 'group': {
      if (draft.choice === null) return { error: `Choose ${action.value === 'company' ? 'a company' : action.value === 'icon' ? 'an icon' : 'a group'}.` };
      return { items: ids.map((objectId) => ({ objectId, value: draft.choice })) };
    }
    case 'date':
      if (!isValidDay(draft.date)) return { error: 'Write the date as year-month-day, e.g. 2026-12-31.' };
      return { items: ids.map((objectId) => ({ objectId, value: draft.date })) };
    case 'none':
      return { items: ids.map((objectId) => ({ objectId })) };
  }
}
