/**
 * A pending write in the user's language: the core names it in English (its messages and logs
 * say it so), and the screens say it from its parts. Here rather than in admin/, so the outbox's
 * banner, in the page's first bundle, does not load the admin screens for it.
 */
import type { ChangeWords } from '../../../common/catalogue';
import type { OutboxItem } from '../../../common/methods/outbox';
import { i18n } from '../i18n';

/** "Driver “Vera Dubois” — changed: Phone"; `label` names a field (its form's label), else its service name. */
export function changeText(w: ChangeWords, label: (field: string) => string = (f) => f): string {
  const name = i18n.t('admin:catalogue.pending.summary.quoted', { name: w.name });
  const record = i18n.t(`admin:catalogue.collections.${w.collection}.record`, { name });
  return i18n.t(`admin:catalogue.pending.summary.${w.op}`, { record, fields: w.fields.map(label).join(', ') });
}

/** An outbox entry as the banner says it: acknowledgements and catalogue edits in words, anything else as the core named it. */
export function outboxItemText(e: OutboxItem): string {
  if (e.change) return changeText(e.change);
  // An acknowledgement whose ids could not be read back keeps the core's words for that.
  if (e.eventIds?.length) return i18n.t('events:deadLetters.ack', { count: e.eventIds.length });
  return e.summary;
}
