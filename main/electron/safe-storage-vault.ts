/**
 * Electron's vault: values encrypted with safeStorage (the OS keychain's key) in a file
 * of the user's data folder, read and written through core/seams/json-record-file.ts. On
 * Linux without a keyring safeStorage falls back to a hard-coded key ("basic_text"): it
 * still works, and the core raises `warning` once as a startup notice.
 */
import { safeStorage } from 'electron';
import { join } from 'node:path';
import { damagedEntryReporter } from '../core/seams/damaged-entries';
import { jsonRecordFile } from '../core/seams/json-record-file';
import type { Notices } from '../core/seams/notices';
import type { Vault } from '../core/seams/vault';

export function safeStorageVault(dataDir: string, notices?: Notices): Vault {
  const store = jsonRecordFile(join(dataDir, 'vault.bin.json'), { notices, label: 'The encrypted vault', kind: 'vault_damaged' });
  const damaged = damagedEntryReporter(store.file, 'The encrypted vault', notices);
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  const warning =
    !safeStorage.isEncryptionAvailable() || backend === 'basic_text'
      ? 'Secrets are stored without the system keyring: saved tokens and passwords are only obscured, not encrypted. Do not tick “remember me” on a shared computer.'
      : null;
  return {
    warning,
    async get(key) {
      const enc = (await store.read())[key];
      if (enc === undefined) return null;
      try {
        if (typeof enc !== 'string') throw new TypeError('not a string');
        return safeStorage.decryptString(Buffer.from(enc, 'base64'));
      } catch {
        damaged(key);
        return null;
      }
    },
    set: (key, value) => store.update((d) => void (d[key] = safeStorage.encryptString(value).toString('base64'))),
    delete: (key) => store.update((d) => void delete d[key]),
  };
}
