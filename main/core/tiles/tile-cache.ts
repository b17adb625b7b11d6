/**
 * Map tiles seen before, in one SQLite file of the data folder (shared by every
 * connection: tiles are public and not tied to a login), bounded in size. Eviction is
 * least-recently-used; the last-use time is written at most once a minute per tile so
 * that a pan does not turn every read into a write. New tiles are written in batches, one
 * transaction per 100 ms: a pan across zoom levels brings hundreds, and a commit each
 * stalled the main side's event loop (a crash loses at most the last 100 ms of tiles).
 */
import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { createPrivateFile, ensurePrivateDir } from '../seams/private-files';

export interface CachedTile {
  data: Buffer;
  contentType: string;
  fetchedAt: number;
}

const TOUCH_EVERY_MS = 60_000;
const FLUSH_MS = 100;

export class TileCache {
  private readonly db: Database.Database;
  private total: number;
  private readonly selectOne;
  private readonly upsert;
  private readonly touch;
  private readonly selectBytes;
  private readonly pending = new Map<string, { data: Buffer; contentType: string; at: number; usedAt: number }>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    file: string,
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    ensurePrivateDir(dirname(file));
    createPrivateFile(file); // 0600 before SQLite opens it; its -wal and -shm take the same mode
    this.db = new Database(file);
    try {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.exec(`CREATE TABLE IF NOT EXISTS tiles (
        key TEXT PRIMARY KEY, data BLOB NOT NULL, type TEXT NOT NULL, bytes INTEGER NOT NULL,
        fetched_at INTEGER NOT NULL, used_at INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS tiles_used ON tiles (used_at);`);
      this.total = (this.db.prepare('SELECT coalesce(sum(bytes), 0) FROM tiles').pluck().get() as number) ?? 0;
    } catch (e) {
      this.db.close(); // a file that is not a database: the caller sets it aside
      throw e;
    }
    this.selectOne = this.db.prepare('SELECT data, type, fetched_at, used_at FROM tiles WHERE key = ?');
    this.upsert = this.db.prepare(
      'INSERT OR REPLACE INTO tiles (key, data, type, bytes, fetched_at, used_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.touch = this.db.prepare('UPDATE tiles SET used_at = ? WHERE key = ?');
    this.selectBytes = this.db.prepare('SELECT bytes FROM tiles WHERE key = ?').pluck();
  }

  get(key: string): CachedTile | undefined {
    const p = this.pending.get(key);
    if (p) {
      p.usedAt = this.now();
      return { data: p.data, contentType: p.contentType, fetchedAt: p.at };
    }
    const r = this.selectOne.get(key) as { data: Buffer; type: string; fetched_at: number; used_at: number } | undefined;
    if (!r) return undefined;
    const t = this.now();
    if (t - r.used_at > TOUCH_EVERY_MS) this.touch.run(t, key);
    return { data: r.data, contentType: r.type, fetchedAt: r.fetched_at };
  }

  put(key: string, data: Buffer, contentType: string): void {
    const at = this.now();
    this.pending.set(key, { data, contentType, at, usedAt: at });
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flush(), FLUSH_MS);
    this.flushTimer.unref?.();
  }

  /** Writes the tiles put since the last flush, in one transaction. */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.pending.size === 0 || !this.db.open) return;
    const batch = [...this.pending];
    this.pending.clear();
    this.db.transaction(() => {
      for (const [key, { data, contentType, at, usedAt }] of batch) {
        const old = this.selectBytes.get(key) as number | undefined;
        this.upsert.run(key, data, contentType, data.byteLength, at, usedAt);
        this.total += data.byteLength - (old ?? 0);
      }
    })();
    if (this.total > this.maxBytes) this.evict();
  }

  /** Down to 90% of the bound, so that eviction runs once per many inserts, not on each. */
  private evict(): void {
    const target = this.maxBytes * 0.9;
    const oldest = this.db.prepare('SELECT key, bytes FROM tiles ORDER BY used_at, rowid LIMIT 200');
    const del = this.db.prepare('DELETE FROM tiles WHERE key = ?');
    this.db.transaction(() => {
      while (this.total > target) {
        const rows = oldest.all() as { key: string; bytes: number }[];
        if (rows.length === 0) break;
        for (const r of rows) {
          del.run(r.key);
          this.total -= r.bytes;
          if (this.total <= target) break;
        }
      }
    })();
  }

  get size(): { bytes: number; tiles: number } {
    this.flush();
    return { bytes: this.total, tiles: this.db.prepare('SELECT count(*) FROM tiles').pluck().get() as number };
  }

  close(): void {
    this.flush();
    if (this.db.open) this.db.close();
  }
}
