/**
 * The outbox: writes that are safe to replay (event acknowledgements, admin edits), stored
 * durably before anything is sent and replayed in order after a restart.
 *
 * enqueue() commits with synchronous=FULL, so an entry survives a power cut, not only a
 * crash (inside a caller's transaction the pragma cannot change: that commit is NORMAL,
 * which still survives a crash of the app). markDone() deletes the entry. markFailed(retryable=true) keeps it pending with
 * the error and an attempt count; markFailed(retryable=false) parks it as 'failed' for the
 * UI to show (retry() puts it back, discard() drops it). Commands to devices never go here.
 */
import type { Db } from './db';

export interface OutboxEntry<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  state: 'pending' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  /** Set when the stored payload is not JSON (then `payload` is undefined): replay dead-letters it. */
  unreadable?: string;
}

interface Row {
  id: number;
  kind: string;
  payload: string;
  state: 'pending' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

// One row that does not parse must not make the whole queue unreadable (and so unsendable).
const toEntry = (r: Row): OutboxEntry => {
  const e: OutboxEntry = {
    id: r.id,
    kind: r.kind,
    payload: undefined,
    state: r.state,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  try {
    e.payload = JSON.parse(r.payload) as unknown;
  } catch (err) {
    e.unreadable = err instanceof Error ? err.message : String(err);
  }
  return e;
};

export class OutboxRepo {
  private readonly insert;
  private readonly selectState;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.insert = db.prepare(
      "INSERT INTO outbox (kind, payload, state, attempts, created_at, updated_at) VALUES (?, ?, 'pending', 0, ?, ?)",
    );
    this.selectState = db.prepare('SELECT * FROM outbox WHERE state = ? ORDER BY id LIMIT ?');
  }

  /** Stores a write to send; returns its id (ids ascend in enqueue order). */
  enqueue(kind: string, payload: unknown): number {
    const json = JSON.stringify(payload);
    if (json === undefined) throw new Error('outbox payload must be JSON');
    const t = Math.round(this.now());
    if (this.db.inTransaction) return Number(this.insert.run(kind, json, t, t).lastInsertRowid);
    this.db.pragma('synchronous = FULL');
    try {
      return Number(this.insert.run(kind, json, t, t).lastInsertRowid);
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }

  /** Pending entries, oldest first. */
  pending(limit = 1000): OutboxEntry[] {
    return (this.selectState.all('pending', limit) as Row[]).map(toEntry);
  }

  /** Entries parked after a non-retryable failure, oldest first. */
  failed(limit = 1000): OutboxEntry[] {
    return (this.selectState.all('failed', limit) as Row[]).map(toEntry);
  }

  get(id: number): OutboxEntry | undefined {
    const r = this.db.prepare('SELECT * FROM outbox WHERE id = ?').get(id) as Row | undefined;
    return r && toEntry(r);
  }

  /** Sent and confirmed: removes the entry. */
  markDone(id: number): void {
    this.db.prepare('DELETE FROM outbox WHERE id = ?').run(id);
  }

  markFailed(id: number, error: string, retryable: boolean): void {
    this.db
      .prepare('UPDATE outbox SET state = ?, attempts = attempts + 1, last_error = ?, updated_at = ? WHERE id = ?')
      .run(retryable ? 'pending' : 'failed', error, Math.round(this.now()), id);
  }

  /** Puts a failed entry back in the queue (at its original place in the order). */
  retry(id: number): void {
    this.db.prepare("UPDATE outbox SET state = 'pending', updated_at = ? WHERE id = ?").run(Math.round(this.now()), id);
  }

  discard(id: number): void {
    this.markDone(id);
  }

  counts(): { pending: number; failed: number } {
    const rows = this.db.prepare('SELECT state, count(*) AS n FROM outbox GROUP BY state').all() as { state: string; n: number }[];
    return {
      pending: rows.find((r) => r.state === 'pending')?.n ?? 0,
      failed: rows.find((r) => r.state === 'failed')?.n ?? 0,
    };
  }
}
