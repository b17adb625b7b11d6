/**
 * What an error shows a person, by its code, in the screen's language: common/errors.ts keeps
 * the English reference (ERROR_TEXT), so a message that only repeats it adds nothing, and
 * anything else the core or the service said follows in brackets. Pure, so it is tested
 * without a page.
 */
import { ERROR_TEXT, type ErrorCode } from '../../../common/errors';
import { i18n } from '../i18n';

/** The tab's own link failures, said alone (transport.ts). */
export function errorText(code: ErrorCode, message: string, linkWords: { noSession: string; linkInvalid: string }): string {
  if (message === linkWords.noSession) return i18n.t('rpc:noSession');
  if (message === linkWords.linkInvalid) return i18n.t('rpc:linkInvalid');
  const plain = code in ERROR_TEXT ? i18n.t(`rpc:codes.${code}`) : i18n.t('rpc:unknown');
  const same = !message || message === plain || message === ERROR_TEXT[code];
  return same ? plain : i18n.t('rpc:withDetail', { plain, detail: message });
}
