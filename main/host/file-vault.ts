/**
 * Browser mode's vault: a JSON file readable by the owner only (0600). Plain text on
 * disk, like an SSH key: the protection is the file's permissions and the user account,
 * which the README states. Reads and atomic writes: core/seams/json-record-file.ts.
 */
import { join } from 'node:path';
import { damagedEntryReporter } from '../core/seams/damaged-entries';
import { jsonRecordFile } from '../core/seams/json-record-file';
import type { Notices } from '../core/seams/notices';
import type { Vault } from '../core/seams/vault';

export function fileVault(dataDir: string, o: { fileName?: string; notices?: Notices } = {}): Vault {
  const store = jsonRecordFile(join(dataDir, o.fileName ?? 'vault.json'), { notices: o.notices, label: 'The vault', kind: 'vault_damaged' });
  const damaged = damagedEntryReporter(store.file, 'The vault', o.notices);
  return {
    get: async (key) => {
      const v = (await store.read())[key];
      if (v === undefined) return null;
      if (typeof v === 'string') return v;
      damaged(key);
      return null;
    },
    set: (key, value) => store.update((d) => void (d[key] = value)),
    delete: (key) => store.update((d) => void delete d[key]),
  };
}
