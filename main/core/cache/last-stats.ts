/**
 * The daily statistics a status poll is compared with, in the status copy (status.ts): per
 * object, the latest days it was sent for. A status carries each object's current day, and
 * around its midnight perhaps the one before. The copy kept every day ever sent: it grew by a
 * day's rows every day (100,000 at 100,000 objects) and the first poll after a restart read
 * them all from the file (decision 0058).
 */

/** How many days of each object the copy keeps: today, and yesterday while a server still sends it. */
export const STAT_DAYS_KEPT = 2;

interface DayStat {
  day: number;
  json: string;
}

export class LastStats {
  /** Newest day first. */
  private readonly byObject = new Map<number, DayStat[]>();

  /** Whether the copy holds exactly this JSON for the object's day. */
  same(objectId: number, day: number, json: string): boolean {
    return this.byObject.get(objectId)?.some((s) => s.day === day && s.json === json) ?? false;
  }

  set(objectId: number, day: number, json: string): void {
    const days = this.byObject.get(objectId);
    if (!days) {
      this.byObject.set(objectId, [{ day, json }]);
      return;
    }
    const at = days.findIndex((s) => s.day === day);
    if (at >= 0) days[at]!.json = json;
    else {
      days.push({ day, json });
      days.sort((a, b) => b.day - a.day);
      days.length = Math.min(days.length, STAT_DAYS_KEPT);
    }
  }

  objectIds(): IterableIterator<number> {
    return this.byObject.keys();
  }

  delete(objectId: number): void {
    this.byObject.delete(objectId);
  }
}
