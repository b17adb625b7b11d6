/**
 * One JSON object in one file, read-modify-written atomically: both vaults store through
 * it. A write goes to a temp file created 0600, is fsynced and renamed over the old one
 * (then the folder is fsynced), so a crash leaves the old file or the new one, never half
 * of either. Updates in this process are serialised.
 *
 * A file that is not a JSON object is moved aside (never overwritten) and reported; the
 * store then starts empty. Values are kept as they are, even ones the caller cannot use,
 * so an unreadable entry is never dropped by the next write of another key.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Notices } from './notices';
import { setAside } from './notices';
import { createMutex } from '../sync/mutex';
import { ensurePrivateDir, FILE_MODE, tightenFile } from './private-files';

export type JsonRecord = Record<string, unknown>;

export interface JsonRecordFile {
  readonly file: string;
  /** The stored object (waits for writes in flight). */
  read(): Promise<JsonRecord>;
  /** Reads, lets `fn` change the object, writes it back atomically. */
  update(fn: (d: JsonRecord) => void): Promise<void>;
}

export interface JsonRecordFileOptions {
  notices?: Notices | undefined;
  /** What the file is, for the notice ("The vault"). */
  label: string;
  kind: 'vault_damaged';
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function jsonRecordFile(file: string, o: JsonRecordFileOptions): JsonRecordFile {
  const lock = createMutex();
  let checked = false;

  // A process killed mid-write leaves its temp file (secrets, 0600): removed once, at the
  // first read, when the process that wrote it is gone.
  const sweep = async () => {
    const prefix = `${basename(file)}.`;
    const names = await readdir(dirname(file)).catch(() => [] as string[]);
    for (const name of names) {
      const m = name.startsWith(prefix) ? /^(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(prefix.length)) : null;
      if (m && !alive(Number(m[1]))) await rm(join(dirname(file), name), { force: true });
    }
  };

  let swept = false;
  const load = async (): Promise<JsonRecord> => {
    if (!swept) {
      swept = true;
      await sweep();
    }
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      // Missing is empty; anything else (no permission, a folder) must not be taken for empty
      // and then overwritten.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
    if (!checked) {
      checked = true;
      tightenFile(file);
    }
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      v = undefined;
    }
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as JsonRecord;
    const kept = setAside(file, 'damaged');
    o.notices?.add({
      kind: o.kind,
      message: `${o.label} file could not be read (it is not valid JSON). A copy was kept and a new one started: saved passwords and sign-ins in it are not available until you sign in again.`,
      keptCopy: kept,
    });
    return {};
  };

  const save = async (d: JsonRecord) => {
    ensurePrivateDir(dirname(file));
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const fh = await open(tmp, 'w', FILE_MODE);
    try {
      await fh.writeFile(JSON.stringify(d));
      await fh.sync();
    } catch (e) {
      await fh.close();
      await rm(tmp, { force: true });
      throw e;
    }
    await fh.close();
    await rename(tmp, file);
    // The rename is durable only once the folder's entry is on disk.
    const dir = await open(dirname(file), 'r').catch(() => null);
    if (dir) await dir.sync().catch(() => undefined).finally(() => dir.close());
  };

  return {
    file,
    // A read waits for the updates asked for before it.
    read: () => lock.run(load),
    update: (fn) =>
      lock.run(async () => {
        const d = await load();
        fn(d);
        await save(d);
      }),
  };
}
