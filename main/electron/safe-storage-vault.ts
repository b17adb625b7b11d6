/**
 * Electron's vault: values encrypted with safeStorage (the OS keychain's key) in a file
 * of the user's data folder. On Linux without a keyring safeStorage falls back to a
 * hard-coded key ("basic_text"): it still works, and the user is warned once.
 */
import { safeStorage } from 'electron';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Vault } from '../core/seams/vault';

export function safeStorageVault(dataDir: string): Vault {
  const file = join(dataDir, 'vault.bin.json');
  let chain: Promise<unknown> = Promise.resolve();
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  const warning =
    !safeStorage.isEncryptionAvailable() || backend === 'basic_text'
      ? 'No system keyring was found: saved tokens and passwords are only obscured, not encrypted. Do not tick “remember me” on a shared computer.'
      : null;

  const load = async (): Promise<Record<string, string>> => {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  const update = (fn: (d: Record<string, string>) => void) => {
    const next = chain.then(async () => {
      const d = await load();
      fn(d);
      await mkdir(dataDir, { recursive: true });
      await writeFile(`${file}.tmp`, JSON.stringify(d), { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    });
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    warning,
    async get(key) {
      await chain;
      const enc = (await load())[key];
      if (!enc) return null;
      try {
        return safeStorage.decryptString(Buffer.from(enc, 'base64'));
      } catch {
        return null;
      }
    },
    set: (key, value) => update((d) => void (d[key] = safeStorage.encryptString(value).toString('base64'))),
    delete: (key) => update((d) => void delete d[key]),
  };
}
