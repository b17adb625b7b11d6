/**
 * Track storage per (object, hour) in the cache: stored and read back as columns, with the
 * hour's coarse overview and the parkings (the blob format: track-chunks.ts).
 */
import type { HistoryParking } from '../../../common/methods/history';
import type { TrackColumns } from '../../../common/track';
import type { WireTrack } from '../../../common/track-wire';
import type { Db } from './db';
import type { GrowingColumns } from './growing-columns';
import { emptyTrackColumns } from './track-columns';
import { BYTES_PER_POINT, FORMAT, HOUR_MS, E7, assemble, checkColumns, chunkViews, clampSat, copyMeasures, hourSpan, mergeChunks, newChunk, orderedUnique, overviewOf, slices, type Chunk } from './track-chunks';

/** A track as columns (common/track.ts: the contract sends the same shape to the renderer). */
export type { TrackColumns };
export { HOUR_MS, OVERVIEW_METRES } from './track-chunks';
export { emptyTrackColumns, pickTrackColumns, trackColumnsFromPoints, trackColumnsFromIntervals, emptyWireTrack } from './track-columns';

export class TrackRepo {
  private readonly selectChunk;
  private readonly upsertChunk;
  private readonly selectRange;
  private readonly upsertParking;
  private readonly selectParkings;
  private readonly selectOverviews;
  private readonly upsertOverview;
  private readonly stampOverviews;

  constructor(private readonly db: Db) {
    this.selectChunk = db.prepare('SELECT n, format, data FROM track_chunks WHERE object_id = ? AND hour = ?');
    this.upsertChunk = db.prepare(
      'INSERT OR REPLACE INTO track_chunks (object_id, hour, n, format, data) VALUES (?, ?, ?, ?, ?)',
    );
    // A table of their own, not a column after `data` (migration 005).
    this.upsertOverview = db.prepare('INSERT OR REPLACE INTO track_overviews (object_id, hour, format, data) VALUES (?, ?, ?, ?)');
    this.selectOverviews = db.prepare('SELECT hour, format, data FROM track_overviews WHERE object_id = ? AND hour BETWEEN ? AND ? ORDER BY hour');
    // A rewritten row gets a new rowid (INSERT OR REPLACE deletes the old one); a length
    // needs no blob read: the record header has it.
    this.stampOverviews = db.prepare(
      'SELECT count(*) AS n, total(rowid) AS s, max(rowid) AS m, total(length(data)) AS b FROM track_overviews WHERE object_id = ? AND hour BETWEEN ? AND ?',
    );
    this.selectRange = db.prepare(
      'SELECT hour, n, format, data FROM track_chunks WHERE object_id = ? AND hour BETWEEN ? AND ? ORDER BY hour',
    );
    this.upsertParking = db.prepare(
      'INSERT OR REPLACE INTO parkings (object_id, from_ms, till_ms, lat, lng, alt) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.selectParkings = db.prepare(
      'SELECT from_ms, till_ms, lat, lng, alt FROM parkings WHERE object_id = ? AND from_ms < ? AND till_ms > ? ORDER BY from_ms',
    );
  }

  /**
   * Stores points of one object, merging with what is stored: per hour, the union sorted
   * by time, one point per integer ms (a new point replaces a stored one with the same
   * time; within the input, the last one wins). One transaction. Returns the number of
   * points given that were stored.
   */
  writeTrack(objectId: number, columns: TrackColumns): number {
    checkColumns(columns);
    const order = orderedUnique(columns.time);
    const run = this.db.transaction(() => {
      let a = 0;
      while (a < order.length) {
        const hour = Math.floor(Math.round(columns.time[order[a]!]!) / HOUR_MS);
        let b = a + 1;
        const hourEnd = (hour + 1) * HOUR_MS;
        while (b < order.length && Math.round(columns.time[order[b]!]!) < hourEnd) b++;
        this.writeHour(objectId, hour, columns, order.subarray(a, b));
        a = b;
      }
    });
    run.immediate();
    return order.length;
  }

  private writeHour(objectId: number, hour: number, c: TrackColumns, idx: Int32Array): void {
    const base = hour * HOUR_MS;
    const fresh = newChunk(idx.length);
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]!;
      fresh.t[k] = Math.round(c.time[i]!) - base;
      fresh.lat[k] = Math.round(c.lat[i]! * E7);
      fresh.lng[k] = Math.round(c.lng[i]! * E7);
      fresh.speed[k] = c.speed[i]!;
      fresh.heading[k] = c.heading[i]!;
      fresh.alt[k] = c.alt[i]!;
      fresh.sat[k] = clampSat(c.sat[i]!);
    }
    const row = this.selectChunk.get(objectId, hour) as { n: number; format: number; data: Buffer } | undefined;
    let out = fresh;
    if (row) {
      if (row.format !== FORMAT) throw new Error(`Unknown track chunk format ${row.format}`);
      out = mergeChunks(chunkViews(row.data, row.n), fresh);
    }
    this.upsertChunk.run(objectId, hour, out.n, FORMAT, out.bytes);
    this.upsertOverview.run(objectId, hour, FORMAT, overviewOf(out));
  }

  /** Points of one object with from <= time < till, ascending. */
  readTrack(objectId: number, from: number, till: number): TrackColumns {
    if (!(till > from)) return emptyTrackColumns(0);
    return assemble(this.chunksOf(objectId, from, till), from, till);
  }

  /**
   * The same points as readTrack, appended to `out` in the renderer's wire form. The chunks
   * already hold coordinates as integers of 1e-7 degree, so they are copied as they are:
   * reading into doubles and packing them back cost a month's read two more arrays of its
   * size, and on this machine first writing to fresh memory costs about 3 ns a byte (page
   * faults), ten times the copy itself.
   */
  readTrackInto(objectId: number, from: number, till: number, out: GrowingColumns<WireTrack>): void {
    if (!(till > from)) return;
    const { parts, total } = slices(this.chunksOf(objectId, from, till), from, till);
    const o = out.reserve(total);
    let p = out.n;
    for (const part of parts) {
      const { c, base, s, e } = part;
      const m = e - s;
      const { time } = o;
      const { t } = c;
      for (let k = 0; k < m; k++) time[p + k] = base + t[s + k]!;
      o.latE7.set(c.lat.subarray(s, e), p);
      o.lngE7.set(c.lng.subarray(s, e), p);
      copyMeasures(o, p, part);
      p += m;
    }
    out.n = p;
  }

  private chunksOf(objectId: number, from: number, till: number): { hour: number; c: Chunk }[] {
    const rows = this.selectRange.all(objectId, ...hourSpan(from, till)) as { hour: number; n: number; format: number; data: Buffer }[];
    return rows.map((r) => {
      if (r.format !== FORMAT) throw new Error(`Unknown track chunk format ${r.format}`);
      return { hour: r.hour, c: chunkViews(r.data, r.n) };
    });
  }

  /**
   * A cheap stamp of the coarse copies under [from, till): it changes when any of those
   * hours is written again, added or deleted. What a sketch remembered for the interval
   * is checked against (history/sketch-memo.ts), without reading the copies themselves.
   */
  overviewStamp(objectId: number, from: number, till: number): string {
    if (!(till > from)) return '0';
    const r = this.stampOverviews.get(objectId, ...hourSpan(from, till)) as { n: number; s: number; m: number | null; b: number };
    return `${r.n}:${r.s}:${r.m ?? 0}:${r.b}`;
  }

  /**
   * The coarse copy of the track with from <= time < till (see the file comment): hours
   * stored before migration 004 have none and are left out.
   */
  readOverview(objectId: number, from: number, till: number): TrackColumns {
    if (!(till > from)) return emptyTrackColumns(0);
    const rows = this.selectOverviews.all(objectId, ...hourSpan(from, till)) as { hour: number; format: number; data: Buffer }[];
    return assemble(
      rows.map((r) => {
        if (r.format !== FORMAT) throw new Error(`Unknown track chunk format ${r.format}`);
        return { hour: r.hour, c: chunkViews(r.data, r.data.byteLength / BYTES_PER_POINT) };
      }),
      from,
      till,
    );
  }

  /** Deletes the stored track hours of one object overlapping [from, till) (whole hours). */
  deleteTrack(objectId: number, from = -Infinity, till = Infinity): void {
    const h0 = Number.isFinite(from) ? Math.floor(from / HOUR_MS) : Number.MIN_SAFE_INTEGER;
    const h1 = Number.isFinite(till) ? Math.floor((till - 1) / HOUR_MS) : Number.MAX_SAFE_INTEGER;
    this.db.prepare('DELETE FROM track_chunks WHERE object_id = ? AND hour BETWEEN ? AND ?').run(objectId, h0, h1);
    this.db.prepare('DELETE FROM track_overviews WHERE object_id = ? AND hour BETWEEN ? AND ?').run(objectId, h0, h1);
    this.db
      .prepare('DELETE FROM parkings WHERE object_id = ? AND from_ms < ? AND till_ms > ?')
      .run(objectId, Number.isFinite(till) ? till : Number.MAX_SAFE_INTEGER, Number.isFinite(from) ? from : Number.MIN_SAFE_INTEGER);
  }

  /** Stores parkings of one object (keyed by start time: a parking with the same start is replaced). */
  writeParkings(objectId: number, parkings: readonly HistoryParking[]): void {
    const run = this.db.transaction(() => {
      for (const p of parkings)
        this.upsertParking.run(objectId, Math.round(p.from), Math.round(p.till), p.lat, p.lng, p.alt ?? null);
    });
    run.immediate();
  }

  /** Parkings of one object overlapping [from, till), by start time. */
  readParkings(objectId: number, from: number, till: number): HistoryParking[] {
    const rows = this.selectParkings.all(objectId, till, from) as {
      from_ms: number;
      till_ms: number;
      lat: number;
      lng: number;
      alt: number | null;
    }[];
    return rows.map((r) => {
      const p: HistoryParking = { from: r.from_ms, till: r.till_ms, lat: r.lat, lng: r.lng };
      if (r.alt !== null) p.alt = r.alt;
      return p;
    });
  }
}

/** Union of two sorted, unique chunks; on equal times `b` wins. */
