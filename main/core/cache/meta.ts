/**
 * Sync metadata: the last time each data set was confirmed by the service ("last good"),
 * and a small key/value store (JSON values) for cursors and settings of the sync layer.
 */
import type { Db } from './db';

export class MetaRepo {
  private readonly getLastGood;
  private readonly setLastGoodStmt;
  private readonly getKv;
  private readonly setKv;
  private readonly delKv;

  constructor(private readonly db: Db) {
    this.getLastGood = db.prepare('SELECT time FROM sync_last_good WHERE dataset = ?').pluck();
    this.setLastGoodStmt = db.prepare(
      'INSERT INTO sync_last_good (dataset, time) VALUES (?, ?) ON CONFLICT (dataset) DO UPDATE SET time = excluded.time',
    );
    this.getKv = db.prepare('SELECT value FROM kv WHERE key = ?').pluck();
    this.setKv = db.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
    this.delKv = db.prepare('DELETE FROM kv WHERE key = ?');
  }

  /** Unix ms when `dataset` was last fetched successfully, or null if never. */
  lastGood(dataset: string): number | null {
    const t = this.getLastGood.get(dataset) as number | undefined;
    return t ?? null;
  }

  setLastGood(dataset: string, time: number): void {
    this.setLastGoodStmt.run(dataset, Math.round(time));
  }

  /** All data sets and their last good time. */
  allLastGood(): Record<string, number> {
    const rows = this.db.prepare('SELECT dataset, time FROM sync_last_good').all() as { dataset: string; time: number }[];
    return Object.fromEntries(rows.map((r) => [r.dataset, r.time]));
  }

  get<T = unknown>(key: string): T | undefined {
    const v = this.getKv.get(key) as string | undefined;
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }

  set(key: string, value: unknown): void {
    if (value === undefined) this.delKv.run(key);
    else this.setKv.run(key, JSON.stringify(value));
  }

  delete(key: string): void {
    this.delKv.run(key);
  }
}
