/**
 * Browser mode's single-instance lock, per data folder (Electron has its own): two hosts on
 * one folder would run two cores on one cache and replay the outbox twice. Beside the lock,
 * a 0600 file says who holds it (pid, address, and the secret that signs its launch codes,
 * so that a second start can hand the user a fresh link to the running one).
 */
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lock } from 'proper-lockfile';
import { z } from 'zod';

export const LOCK_NAME = 'host.lock';
export const OWNER_NAME = 'host.json';

const OwnerSchema = z.object({ pid: z.number().int(), origin: z.string().optional(), secret: z.string().optional() });
export type Owner = z.infer<typeof OwnerSchema>;

export type DataLock =
  | { held: true; lockPath: string; ownerPath: string; describe(owner: Omit<Owner, 'pid'>): Promise<void>; release(): Promise<void> }
  | { held: false; lockPath: string; owner: Owner | null };

export async function readOwner(dataDir: string): Promise<Owner | null> {
  try {
    const parsed = OwnerSchema.safeParse(JSON.parse(await readFile(join(dataDir, OWNER_NAME), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  // Our own pid in the file is a previous life of this container or machine, not a rival.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function writeOwner(file: string, owner: Owner): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(owner), { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, file);
}

/**
 * Takes the folder's lock, or says who has it. A holder whose process is gone (killed, the
 * machine rebooted) loses it at once; one whose pid was reused by another program loses it
 * when the lock's mtime, refreshed every few seconds by a live holder, goes stale.
 */
export async function lockDataDir(dataDir: string, onCompromised: (e: Error) => void): Promise<DataLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = join(dataDir, LOCK_NAME);
  const ownerPath = join(dataDir, OWNER_NAME);
  const take = () => lock(dataDir, { lockfilePath: lockPath, realpath: false, stale: 30_000, update: 5_000, onCompromised });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
    const owner = await readOwner(dataDir);
    if (!owner || isRunning(owner.pid)) return { held: false, lockPath, owner };
    // proper-lockfile takes over a stale lock the same way: remove, then mkdir again (atomic).
    await rm(lockPath, { recursive: true, force: true });
    try {
      release = await take();
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      return { held: false, lockPath, owner: await readOwner(dataDir) };
    }
  }
  // At once, so a third start never reads the killed holder's pid and removes our lock.
  const pid = process.pid;
  await writeOwner(ownerPath, { pid });
  return {
    held: true,
    lockPath,
    ownerPath,
    describe: (owner) => writeOwner(ownerPath, { pid, ...owner }),
    async release() {
      await rm(ownerPath, { force: true });
      await release();
    },
  };
}
