/**
 * Browser mode's vault: a JSON file readable by the owner only (0600). Plain text on
 * disk, like an SSH key: the protection is the file's permissions and the user account,
 * which the README states. Writes go to a temp file and are renamed into place.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Vault } from '../core/seams/vault';

export function fileVault(dataDir: string, fileName = 'vault.json'): Vault {
  const file = join(dataDir, fileName);
  let chain: Promise<unknown> = Promise.resolve();

  const load = async (): Promise<Record<string, string>> => {
    try {
      const v = JSON.parse(await readFile(file, 'utf8')) as unknown;
      return v && typeof v === 'object' ? (v as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  const save = async (data: Record<string, string>) => {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(data), { mode: 0o600 });
    await chmod(tmp, 0o600);
    await rename(tmp, file);
  };
  // Read-modify-write must not interleave.
  const update = (fn: (d: Record<string, string>) => void) => {
    const next = chain.then(async () => {
      const d = await load();
      fn(d);
      await save(d);
    });
    chain = next.catch(() => undefined);
    return next;
  };

  return {
    get: async (key) => {
      await chain;
      return (await load())[key] ?? null;
    },
    set: (key, value) => update((d) => void (d[key] = value)),
    delete: (key) => update((d) => void delete d[key]),
  };
}
