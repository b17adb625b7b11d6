/**
 * The data folder holds tokens, passwords and a user's cached fleet: the folder is the
 * owner's only (0700) and so is every file the core writes in it (0600). Modes are set
 * explicitly rather than through the umask, which is process-wide (Electron's too) and
 * not settable in a worker thread.
 */
import { chmodSync, closeSync, fstatSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

const isWindows = process.platform === 'win32';

/** Creates the folder 0700 (with its parents) or narrows an existing one to 0700. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (isWindows) return;
  if ((statSync(dir).mode & 0o777) !== DIR_MODE) chmodSync(dir, DIR_MODE);
}

/** Narrows an existing file to 0600; a missing file is not an error. */
export function tightenFile(file: string): void {
  if (isWindows) return;
  try {
    if ((statSync(file).mode & 0o777 & ~FILE_MODE) !== 0) chmodSync(file, FILE_MODE);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

/**
 * Makes sure `file` exists with mode 0600 before a library (SQLite, conf) opens it: SQLite
 * gives its -wal and -shm files the main file's mode, so this covers all three.
 */
export function createPrivateFile(file: string): void {
  const fd = openSync(file, 'a', FILE_MODE);
  try {
    if (!isWindows && (fstatSync(fd).mode & 0o777) !== FILE_MODE) chmodSync(file, FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/**
 * The files of ours in a data folder: settings, vaults, caches with their companions, the
 * host's lock record, and the copies set aside. Only these are narrowed: `--data-dir` may
 * name a folder that holds other people's files too (Electron's userData holds its own).
 */
const OURS = /^(settings\.json|vault\.json|vault\.bin\.json|host\.json|.*\.sqlite(-wal|-shm|-journal)?)(\.(damaged|newer)-[^/]*)?$/;

/**
 * At start: the data folder 0700 and each of our files in it 0600, so a folder made by an
 * older version (0755 folder, 0644 caches and settings) is narrowed once.
 */
export function securePrivateDir(dir: string): void {
  ensurePrivateDir(dir);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (!e.isFile() || !OURS.test(e.name)) continue;
    try {
      tightenFile(join(dir, e.name));
    } catch (err) {
      // Not ours after all (another user's file in a shared folder): not a reason to stop.
      if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    }
  }
}

/** Removes the files whose path starts with `prefix` (a folder's path, then the start of a name); a missing folder holds none. */
export function removeStartingWith(prefix: string): void {
  const dir = dirname(prefix);
  const name = basename(prefix);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  for (const f of names) if (f.startsWith(name)) rmSync(join(dir, f), { force: true });
}
