/**
 * Cache benchmark: packed track storage versus a row per point, measured in the same run
 * on the same data, plus the status delta at 50,000 objects.
 *
 *   npx tsx test/bench/cache.ts        prints the JSON
 *
 * Targets (DESIGN.md): write >= 1,000,000 points/s; read one day of one object at 1 Hz
 * (86,400 points) in <= 10 ms.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { emptyTrackColumns, openCache, openDb, type TrackColumns } from '../../main/core/cache';
import type { ObjectsStatus, Position } from '../../common/resources';

const DAY_MS = 86_400_000;
const DAY0 = Date.UTC(2025, 0, 15);

function dayOfPoints(objectId: number, day0: number): TrackColumns {
  const n = 86_400;
  const c = emptyTrackColumns(n);
  let lat = 50 + objectId * 0.01;
  let lng = 30 + objectId * 0.01;
  for (let i = 0; i < n; i++) {
    const heading = (i * 0.7 + objectId * 13) % 360;
    lat += Math.cos((heading * Math.PI) / 180) * 1e-4;
    lng += Math.sin((heading * Math.PI) / 180) * 1e-4;
    c.time[i] = day0 + i * 1000;
    c.lat[i] = lat;
    c.lng[i] = lng;
    c.speed[i] = (i % 120) * 0.9;
    c.heading[i] = heading;
    c.alt[i] = 150 + (i % 50);
    c.sat[i] = 8 + (i % 5);
  }
  return c;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

export async function runCacheBench(
  opts: { objects?: number; reads?: number } = {},
): Promise<Record<string, number>> {
  const objects = opts.objects ?? 8;
  const reads = opts.reads ?? 40;
  const dir = mkdtempSync(join(tmpdir(), 'fleet-cache-bench-'));
  const result: Record<string, number> = {};
  try {
    const days = Array.from({ length: objects }, (_, k) => dayOfPoints(k + 1, DAY0));
    const totalPoints = objects * 86_400;

    // ---- Packed: one row per (object, hour). --------------------------------------
    const cache = openCache({ dataDir: dir, baseUrl: 'https://bench.invalid', login: 'bench' });
    let t = performance.now();
    for (let k = 0; k < objects; k++) cache.tracks.writeTrack(k + 1, days[k]!);
    let ms = performance.now() - t;
    result.points_written_per_s = Math.round(totalPoints / (ms / 1000));

    // Writing the same day again in hourly batches: every hour row is read, merged, rewritten.
    t = performance.now();
    for (let k = 0; k < Math.min(objects, 2); k++) {
      const d = days[k]!;
      for (let h = 0; h < 24; h++) {
        const s = h * 3600;
        const e = s + 3600;
        cache.tracks.writeTrack(k + 1, {
          time: d.time.subarray(s, e),
          lat: d.lat.subarray(s, e),
          lng: d.lng.subarray(s, e),
          speed: d.speed.subarray(s, e),
          heading: d.heading.subarray(s, e),
          alt: d.alt.subarray(s, e),
          sat: d.sat.subarray(s, e),
        });
      }
    }
    ms = performance.now() - t;
    result.points_merged_per_s = Math.round((Math.min(objects, 2) * 86_400) / (ms / 1000));

    cache.tracks.readTrack(1, DAY0, DAY0 + DAY_MS); // warm-up
    const packedReads: number[] = [];
    let checksum = 0;
    for (let i = 0; i < reads; i++) {
      const id = (i % objects) + 1;
      t = performance.now();
      const tr = cache.tracks.readTrack(id, DAY0, DAY0 + DAY_MS);
      packedReads.push(performance.now() - t);
      if (tr.time.length !== 86_400) throw new Error(`read ${tr.time.length} points, expected 86400`);
      checksum += tr.lat[1000]!;
    }
    result.day_read_ms_p50 = round(percentile(packedReads, 50));
    result.day_read_ms_p95 = round(percentile(packedReads, 95));
    cache.db.pragma('wal_checkpoint(TRUNCATE)');
    result.packed_bytes_per_point = round(statSync(cache.file).size / totalPoints);

    // ---- Status delta at 50,000 objects. -------------------------------------------
    const positions: Position[] = Array.from({ length: 50_000 }, (_, i) => ({
      ObjectId: i + 1,
      Online: true,
      Lat: 50 + i * 1e-4,
      Lng: 30 + i * 1e-4,
      Time: DAY0 + i,
      Speed: 10,
      heading: 90,
    }));
    const status = (): ObjectsStatus => ({ Positions: positions, SensorValues: [], DriverKeys: [], Stats: [] });
    t = performance.now();
    cache.status.applyStatus(status(), 1);
    result.status_50k_first_ms = round(performance.now() - t);
    for (let i = 0; i < 50_000; i += 10) positions[i] = { ...positions[i]!, Time: positions[i]!.Time + 1000 };
    t = performance.now();
    const delta = cache.status.applyStatus(status(), 2);
    result.status_50k_delta_10pct_ms = round(performance.now() - t);
    if (delta.ids.length !== 5_000) throw new Error(`delta of ${delta.ids.length}, expected 5000`);
    cache.close();

    // ---- Baseline: a row per point. -------------------------------------------------
    const baseFile = join(dir, 'baseline.sqlite');
    const db = openDb(baseFile, {
      migrations: [
        {
          id: 1,
          name: '001_points',
          sql: `CREATE TABLE track_points (
            object_id INTEGER NOT NULL, time INTEGER NOT NULL, lat REAL NOT NULL, lng REAL NOT NULL,
            speed REAL, heading REAL, alt REAL, sat INTEGER,
            PRIMARY KEY (object_id, time)) WITHOUT ROWID`,
        },
      ],
    });
    const insert = db.prepare(
      'INSERT OR REPLACE INTO track_points (object_id, time, lat, lng, speed, heading, alt, sat) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    t = performance.now();
    for (let k = 0; k < objects; k++) {
      const d = days[k]!;
      db.transaction(() => {
        for (let i = 0; i < d.time.length; i++)
          insert.run(k + 1, d.time[i]!, d.lat[i]!, d.lng[i]!, d.speed[i]!, d.heading[i]!, d.alt[i]!, d.sat[i]!);
      }).immediate();
    }
    ms = performance.now() - t;
    result.baseline_row_per_point_written_per_s = Math.round(totalPoints / (ms / 1000));

    const select = db
      .prepare(
        'SELECT time, lat, lng, speed, heading, alt, sat FROM track_points WHERE object_id = ? AND time >= ? AND time < ? ORDER BY time',
      )
      .raw();
    const readBaseline = (id: number): TrackColumns => {
      const rows = select.all(id, DAY0, DAY0 + DAY_MS) as number[][];
      const c = emptyTrackColumns(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i]!;
        c.time[i] = r[0]!;
        c.lat[i] = r[1]!;
        c.lng[i] = r[2]!;
        c.speed[i] = r[3]!;
        c.heading[i] = r[4]!;
        c.alt[i] = r[5]!;
        c.sat[i] = r[6]!;
      }
      return c;
    };
    readBaseline(1); // warm-up
    const baseReads: number[] = [];
    const baseCount = Math.max(5, Math.floor(reads / 4));
    for (let i = 0; i < baseCount; i++) {
      const id = (i % objects) + 1;
      t = performance.now();
      const tr = readBaseline(id);
      baseReads.push(performance.now() - t);
      checksum += tr.lat[1000]!;
    }
    result.baseline_row_per_point_day_read_ms = round(percentile(baseReads, 50));
    db.pragma('wal_checkpoint(TRUNCATE)');
    result.baseline_bytes_per_point = round(statSync(baseFile).size / totalPoints);
    db.close();
    if (!Number.isFinite(checksum)) throw new Error('checksum');
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCacheBench().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
