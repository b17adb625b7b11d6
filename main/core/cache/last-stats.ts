/**
 * The daily statistics a status poll is compared with, in the status copy (status.ts): per
 * object, the latest days it was sent for. A status carries each object's current day, and
 * around its midnight perhaps the one before. The copy kept every day ever sent: it grew by a
 * day's rows every day (100,000 at 100,000 objects) and the first poll after a restart read
 * them all from the file (decision 0058).
 */
import type { DailyStat } from '../../../common/resources';
import type { ChangedStats } from './status-rows';
import type { TurnClock, Turns } from './turns';

/** How many days of each object the copy keeps: today, and yesterday while a server still sends it. */
export const STAT_DAYS_KEPT = 2;

/**
 * Each object's latest day and the one before are kept as a digest of their JSON (`digest`)
 * with the day beside it: the copy only answers whether a poll's stat is the one stored (the
 * details panel reads the file), and the JSON text itself was most of the status copy's memory
 * (25 MB at 100,000 objects sending one day, 48 MB sending two).
 */
export class LastStats {
  private readonly latest = new Map<number, number>();
  private readonly latestDay = new Map<number, number>();
  private readonly before = new Map<number, number>();
  private readonly beforeDay = new Map<number, number>();

  /** Whether the copy holds exactly this JSON (`d`: its digest; its day's, as the JSON names the day) for the object. */
  same(objectId: number, d: number): boolean {
    return this.latest.get(objectId) === d || this.before.get(objectId) === d;
  }

  /** Keeps a day's stat of the object by its JSON's digest (`d`). */
  set(objectId: number, day: number, d: number): void {
    const newest = this.latestDay.get(objectId);
    if (newest === undefined || day === newest) {
      this.latest.set(objectId, d);
      this.latestDay.set(objectId, day);
    } else if (day > newest) {
      this.before.set(objectId, this.latest.get(objectId)!);
      this.beforeDay.set(objectId, newest);
      this.latest.set(objectId, d);
      this.latestDay.set(objectId, day);
    } else if (STAT_DAYS_KEPT > 1) {
      // An older day: kept as the one before unless a later one already is.
      const kept = this.beforeDay.get(objectId);
      if (kept === undefined || kept <= day) {
        this.before.set(objectId, d);
        this.beforeDay.set(objectId, day);
      }
    }
  }

  objectIds(): IterableIterator<number> {
    return this.latest.keys();
  }

  delete(objectId: number): void {
    this.latest.delete(objectId);
    this.latestDay.delete(objectId);
    this.before.delete(objectId);
    this.beforeDay.delete(objectId);
  }
}

/**
 * A 53-bit digest of a text (two FNV-1a hashes of its UTF-16 units, 32 and 21 bits): a stat
 * that changed and kept its digest would be missed until it changes again, a chance of one in
 * 2^53 per change.
 */
export function digest(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 13);
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

/**
 * A poll's stats that are not the copy's: each one's object, day and JSON, and its JSON's digest;
 * and the newest day sent. One named twice: the later is the state kept. Read in turns of `clock`
 * (turns.ts).
 */
export function* changedStatsOf(batches: Iterable<readonly DailyStat[]>, stats: LastStats, clock: TurnClock): Turns<{ changed: ChangedStats; digests: number[]; newestDay: number }> {
  const changed = new Map<string, { id: number; day: number; json: string; d: number }>();
  let newestDay = -Infinity;
  for (const batch of batches) {
    for (const s of batch) {
      const json = JSON.stringify(s);
      const d = digest(json);
      const key = `${s.ObjectId}:${s.Day}`;
      const pending = changed.get(key);
      newestDay = Math.max(newestDay, s.Day);
      if (pending ? pending.d !== d : !stats.same(s.ObjectId, d)) changed.set(key, { id: s.ObjectId, day: s.Day, json, d });
    }
    if (clock.due()) {
      yield;
      clock.resumed();
    }
  }
  const list = [...changed.values()];
  return { changed: { objectIds: list.map((c) => c.id), days: list.map((c) => c.day), json: list.map((c) => c.json) }, digests: list.map((c) => c.d), newestDay };
}
