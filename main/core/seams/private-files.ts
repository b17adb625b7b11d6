/**
 * The data folder holds tokens, passwords and a user's cached fleet: the folder is the
 * owner's only (0700) and so is every file the core writes in it (0600). Modes are set
 * explicitly rather than through the umask, which is process-wide (Electron's too) and
 * not settable in a worker thread.
 */
import { chmodSync, closeSync, fstatSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
 * At start: the data folder 0700 and every file directly in it 0600, so a folder made by
 * an older version (0755 folder, 0644 caches and settings) is narrowed once.
 */
export function securePrivateDir(dir: string): void {
  ensurePrivateDir(dir);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    try {
      if (e.isFile()) tightenFile(join(dir, e.name));
      else if (e.isDirectory() && !isWindows) chmodSync(join(dir, e.name), DIR_MODE);
    } catch (err) {
      // Gone meanwhile, or not ours (Electron keeps its own folders here): not a reason to stop.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw err;
    }
  }
}
