/**
 * Background threads step back for the foreground. On two cores, a status poll's decode in
 * the ingest worker, a month of history being parsed and the windows' own drawing all
 * compete; measured here, the main thread (the one answering the windows) then waited up
 * to 120 ms on the run queue for a turn it needed 2 ms of. A worker at a lower priority
 * still gets every idle cycle, but yields to the main thread and the windows when they
 * want a core. Linux sets priority per thread (a thread id is a process id to
 * setpriority); elsewhere this does nothing, as changing it there would move the whole process.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Nice value of background workers: well below the foreground (0) without starving them. */
export const BACKGROUND_NICE = 10;

/** This thread's id on Linux, or null elsewhere. */
export function currentThreadId(): number | null {
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Lowers the calling thread's priority; false where the platform cannot do it for one thread. */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  const tid = currentThreadId();
  if (tid === null) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
