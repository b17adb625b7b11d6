import { i18n } from '../i18n';
import { RpcError } from '../rpc/client';

/**
 * What a failed sign-in shows. The core already words a refused password and an unreachable
 * address for the person at the form ("Wrong login or password."), so those are shown alone:
 * the usual prefix ("Your session has ended. Sign in again.") is wrong before any session began.
 */
export function signInErrorText(e: unknown): string {
  if (!(e instanceof RpcError)) return String(e);
  // The core's sentence for a refused login (main/core/api/auth.ts), said in the screen's language.
  if (e.code === 'unauthorized' && e.message === i18n.t('screens:signIn.wrongPassword', { lng: 'en' })) return i18n.t('screens:signIn.wrongPassword');
  if ((e.code === 'unauthorized' || e.code === 'offline') && e.message) return e.message;
  return e.text;
}
