/**
 * A connection for the command line and the tests: signs in with a password held only in
 * memory, and signs in again with it when the token expires mid-job (the same Credentials
 * the app uses, over a vault that never touches the disk).
 */
import { createApi, createHttp } from '../api';
import { memoryVault, type Vault } from '../seams/vault';
import { Credentials, passwordKey, tokenKey } from '../session/credentials';
import { profileId } from '../session/profiles';
import { JOB_HTTP, type JobTarget } from './service';

export async function connect(o: { server: string; login: string; password?: string; vault?: Vault; profileId?: string }): Promise<JobTarget> {
  const server = o.server.replace(/\/+$/, '');
  const id = o.profileId ?? profileId(server, o.login);
  const vault = o.vault ?? memoryVault();
  const credentials = new Credentials({ baseUrl: server, login: o.login, profileId: id, vault, onNeedsPassword: () => {} });
  if (o.password !== undefined) {
    // Kept in the memory vault only, so the re-sign-in after a 401 finds it.
    if (!o.vault) await vault.set(passwordKey(id), o.password);
    await credentials.signIn(o.password, false);
  } else if (!(await credentials.restore())) {
    throw new Error(`No stored sign-in for ${o.login} at ${server} (${tokenKey(id)})`);
  }
  const http = createHttp({ baseUrl: server, getToken: credentials.getToken, onUnauthorized: credentials.onUnauthorized, maxInFlight: 16, ...JOB_HTTP });
  return { api: createApi(http), server, login: o.login };
}
