/**
 * The daily statistics a status poll is compared with, in the status copy (status.ts): per
 * object, the latest days it was sent for. A status carries each object's current day, and
 * around its midnight perhaps the one before. The copy kept every day ever sent: it grew by a
 * day's rows every day (100,000 at 100,000 objects) and the first poll after a restart read
 * them all from the file (decision 0058).
 */

/** How many days of each object the copy keeps: today, and yesterday while a server still sends it. */
export const STAT_DAYS_KEPT = 2;

/**
 * A stat's JSON holds its day (`Day`), so the same JSON is the same day's: each object's latest
 * day and the one before are kept as their JSON in two maps, with the latest's day beside it,
 * rather than as a list of objects per object (30 → 25 MB at 100,000 objects).
 */
export class LastStats {
  private readonly latest = new Map<number, string>();
  private readonly latestDay = new Map<number, number>();
  private readonly before = new Map<number, string>();

  /** Whether the copy holds exactly this JSON (its day's, as the JSON names the day) for the object. */
  same(objectId: number, json: string): boolean {
    return this.latest.get(objectId) === json || this.before.get(objectId) === json;
  }

  set(objectId: number, day: number, json: string): void {
    const newest = this.latestDay.get(objectId);
    if (newest === undefined || day === newest) {
      this.latest.set(objectId, json);
      this.latestDay.set(objectId, day);
    } else if (day > newest) {
      this.before.set(objectId, this.latest.get(objectId)!);
      this.latest.set(objectId, json);
      this.latestDay.set(objectId, day);
    } else if (STAT_DAYS_KEPT > 1) {
      // An older day: kept as the one before unless a later one already is.
      const kept = this.before.get(objectId);
      if (kept === undefined || dayOf(kept) <= day) this.before.set(objectId, json);
    }
  }

  objectIds(): IterableIterator<number> {
    return this.latest.keys();
  }

  delete(objectId: number): void {
    this.latest.delete(objectId);
    this.latestDay.delete(objectId);
    this.before.delete(objectId);
  }
}

/** The day a kept stat's JSON is for (rarely asked: a day older than the latest came). */
const dayOf = (json: string): number => (JSON.parse(json) as { Day: number }).Day;
