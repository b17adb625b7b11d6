/**
 * A failed delivery in an operator's words, kept as an outbox entry's `lastError` and shown
 * as is ("1 waiting to be delivered — the service answered 500 (Internal error); retrying").
 * The endpoint means nothing to an operator; the status and the service's words do. Built
 * from the error's fields here, so the screen never has to take a message apart.
 */
import { ApiError, statusWords } from '../api/errors';

export function failureWords(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status !== undefined && e.status >= 400) return `the service answered ${e.status} (${e.serverMessage ?? statusWords(e.code)})`;
    const prefix = `${e.endpoint}: `;
    return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
