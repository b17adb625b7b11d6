/**
 * Last status: positions, latest sensor values, last driver keys, daily statistics.
 *
 * applyStatus() compares the incoming status against an in-memory copy of what is
 * stored, writes only the rows that changed (one transaction, prepared statements) and
 * returns the changed positions as columns: the delta the live layer pushes. The copy is
 * loaded from the database on first use, so a restart yields a correct first delta.
 * Missing optional numbers (Alt, Speed, heading, Sat, Accuracy) are stored as NULL and
 * appear as NaN in the Float32 columns.
 *
 * Entries are only upserted: an object absent from a status response keeps its last row
 * (GET /api/ObjectsStatus/{id} gives one object). Use prune() to drop objects that are
 * no longer in the object list.
 *
 * The in-memory copy assumes this repository is the only writer of last status to its
 * file, and only the writer loads it (ingest, snapshot). One object's reads (position,
 * sensor values, driver key, stats: the details panel, status-reads.ts) go to the file, so the main
 * thread, while a worker thread ingests the polls (workers/entry.ts), reads current
 * rows without holding, or mirroring, 50,000 of them.
 */
import type { PositionColumns } from '../../../common/methods/live';
import type { DriverKey, ObjectsStatus, ObjectsStatusBatches, StatusReadMemo } from '../../../common/resources';
import { DAY_MS } from '../../../common/history-windows';
import type { Db } from './db';
import type { MetaRepo } from './meta';
import type { ObjectsRepo } from './objects';
import { LastPositions } from './last-positions';
import { changedReadings, LastReadings } from './last-readings';
import { changedStatsOf, digest, LastStats } from './last-stats';
import { slicedWrite, type RowSlices, type SlicedWrite } from './sliced-write';
import { StatusWrites } from './status-writes';
import { StoredStatus } from './status-reads';
import { allAtOnce, NEVER_DUE, TURN_MS, turnClock, type TurnClock, type Turns } from './turns';
import { ignitionValue, launchColumns, sameIgnition, sameRow, toRow, wholeStatus, type LaunchRow, type PosRow, type StatusChanges } from './status-rows';

/** The parts of the status copy a stage's rest and write use. */
interface StageCopy {
  positions: LastPositions;
  sensorValues: LastReadings;
  driverKeys: Map<number, DriverKey>;
  stats: LastStats;
}

export const STATUS_DATASET = 'status';

/** Days of daily stats the file keeps behind the newest a status sent (the details panel reads today's). */
export const STATS_KEPT_DAYS_IN_FILE = 31;

/**
 * The launch read (`warm`): every stored position with its object's ignition reading. The
 * object's sensor comes from the covering index of migration 009, named because SQLite, with
 * no statistics, takes the primary key and reads the object's whole row for that one column.
 */
export const LAUNCH_COLUMNS_SQL = `SELECT p.object_id, p.online, p.lat, p.lng, p.time, p.speed, p.heading, v.value
  FROM last_positions p LEFT JOIN objects o INDEXED BY objects_ignition_by_id ON o.id = p.object_id LEFT JOIN last_sensor_values v ON v.sensor_id = o.ignition_sensor
  ORDER BY p.object_id`;

export class StatusRepo extends StoredStatus {
  private positions: LastPositions | undefined;
  private sensorValues: LastReadings | undefined;
  private driverKeys: Map<number, DriverKey> | undefined;
  private stats: LastStats | undefined;
  /** Where the last cut of the file's daily stats fell (Unix ms day): the next one waits a day past it. */
  private statsKeptFrom = -Infinity;
  /** Ignition sensor id → its object, and back (from the object list's sensors). */
  private ignitionObject = new Map<number, number>();
  private ignitionSensor = new Map<number, number>();
  /** The positions read straight into columns at launch (`warm`), for the first snapshot while the copy is not loaded. */
  private launchColumns: PositionColumns | undefined;
  /** The read the copy was last given, when it left out unchanged elements (keptRead). */
  private memo: StatusReadMemo | undefined;

  private readonly writes: StatusWrites;
  private readonly read;

  constructor(
    private readonly db: Db,
    private readonly meta: MetaRepo,
    private readonly objects: Pick<ObjectsRepo, 'ignitionSensors'>,
  ) {
    super(db);
    this.writes = new StatusWrites(db);
    this.read = {
      ignitionValues: db.prepare('SELECT v.sensor_id, v.time, v.value FROM last_sensor_values v JOIN objects o ON o.ignition_sensor = v.sensor_id'),
      recentStats: db.prepare('SELECT object_id, day, json FROM daily_stats WHERE day > (SELECT max(day) FROM daily_stats) - ?'),
      columns: db.prepare(LAUNCH_COLUMNS_SQL).raw(),
    };
  }

  /**
   * Reads the stored last positions into the copy now, if they are not there yet, with the
   * readings of the ignition sensors: all a snapshot needs (ingest.ts warms it at start). The
   * other readings, keys and stats (four times as many rows) wait for the first poll to diff.
   */
  load(): void {
    this.launchColumns = undefined;
    if (this.positions) return;
    const positions = new LastPositions();
    for (const r of this.db
      .prepare('SELECT object_id, online, lat, lng, alt, time, speed, heading, sat, accuracy FROM last_positions')
      .iterate() as IterableIterator<PosRow>)
      positions.set(r);
    this.reloadIgnition();
    this.sensorValues = new LastReadings();
    this.readIgnitionValues();
    this.positions = positions;
  }

  private readIgnitionValues(): void {
    for (const r of this.read.ignitionValues.iterate() as IterableIterator<{ sensor_id: number; time: number; value: number }>)
      this.sensorValues!.set(r.sensor_id, r.time, r.value);
  }

  /** The whole copy, as a poll's diff needs it. */
  private loadAll(): void {
    this.load();
    if (this.driverKeys && this.stats) return;
    const sensorValues = this.sensorValues!;
    for (const r of this.db.prepare('SELECT sensor_id, time, value FROM last_sensor_values').iterate() as IterableIterator<{
      sensor_id: number;
      time: number;
      value: number;
    }>)
      sensorValues.set(r.sensor_id, r.time, r.value);
    const driverKeys = new Map<number, DriverKey>();
    for (const r of this.db.prepare('SELECT object_id, time, uid FROM last_driver_keys').iterate() as IterableIterator<{
      object_id: number;
      time: number;
      uid: string;
    }>)
      driverKeys.set(r.object_id, { ObjectId: r.object_id, Time: r.time, UId: r.uid });
    // The latest day only: older ones, kept in the file for a while, are not compared with again. A
    // server still sending yesterday has it written once more, and the copy keeps it from then on.
    const stats = new LastStats();
    for (const r of this.read.recentStats.iterate(DAY_MS) as IterableIterator<{ object_id: number; day: number; json: string }>)
      stats.set(r.object_id, r.day, digest(r.json));
    this.driverKeys = driverKeys;
    this.stats = stats;
  }

  /**
   * Re-reads which sensor is each object's ignition: after the object list was replaced,
   * by this thread or another one writing the same file. True when that changed anything.
   */
  reloadIgnition(): boolean {
    this.launchColumns = undefined;
    const before = this.ignitionObject;
    const after = new Map<number, number>();
    this.ignitionSensor.clear();
    for (const [sensorId, objectId] of this.objects.ignitionSensors()) {
      after.set(sensorId, objectId);
      this.ignitionSensor.set(objectId, sensorId);
    }
    this.ignitionObject = after;
    // A copy holding only the ignition readings needs those of sensors newly named ignition.
    if (this.sensorValues && !this.driverKeys) this.readIgnitionValues();
    return !sameIgnition(before, after);
  }

  /** Whether these [sensorId, objectId] pairs (a list not stored yet) name other ignition sensors than the copy's. */
  ignitionDiffers(pairs: readonly [number, number][]): boolean {
    return !sameIgnition(this.ignitionObject, new Map(pairs));
  }

  /** Ignition.* of one object from its ignition sensor's last reading. */
  private ignitionOf(objectId: number): number {
    const sensorId = this.ignitionSensor.get(objectId);
    return ignitionValue(sensorId === undefined ? undefined : this.sensorValues!.value(sensorId));
  }

  /**
   * Stores a status response and returns the positions that changed versus what was
   * stored (new objects included), in ascending object id order. Sensor values, driver
   * keys and daily stats are diffed the same way and only changed rows are written.
   * Records `fetchedAt` as the status data set's last good time.
   */
  applyStatus(status: ObjectsStatus, fetchedAt: number): PositionColumns {
    return this.ingest(status, fetchedAt).positions;
  }

  /** applyStatus() with the whole change set (sensor values, driver keys, stats too). */
  ingest(status: ObjectsStatus, fetchedAt: number): StatusChanges {
    const staged = this.stage(wholeStatus(status), fetchedAt);
    staged.write();
    return staged.changes;
  }

  /**
   * ingest() in two steps: the changes, at once, and the write of their rows, whenever the
   * caller runs it. The ingest worker answers the positions before it writes them: at 50,000
   * objects the first write is most of a second's work the map need not wait for. The copy
   * holds the staged rows from the stage on and the write reads them back from it by id
   * (decision 0091), so a stage's write must be done before the next stage. `step` writes the
   * next slice of rows in its own transaction (true while some are left), so that a worker
   * writing a first status of 50,000 objects can still read the next body off its socket
   * between slices; `write` writes what is left in one. A slice written is final: each row is
   * a last state of its own, and the status's last good time is written with the last slice.
   * A write that fails drops the copy: the next use reloads it from the file, so the next poll
   * writes again what this one could not. The status comes in batches (a big body is decoded
   * a batch at a time); one that throws midway leaves the copy as it was.
   *
   * The changes are the positions and the readings (an object's ignition is one); the driver
   * keys and the daily stats, which no answer carries, are read by `rest`, which the first
   * `step` or `write` runs: at a first sign-in they are half of the body's reading (decision
   * 0078). With no object's ignition sensor known (a first sign-in, before its list), no answer
   * carries an ignition: the readings are read by `rest` too. `step`, like `restTurn`, reads the
   * rest a turn at a time (turns.ts; `turnMs` long), so the thread can take other work between
   * turns (decision 0083); `restTurn` answers true while some is left. A failed rest drops the copy.
   */
  stage(status: ObjectsStatusBatches, fetchedAt: number, turnMs = TURN_MS): { changes: StatusChanges; rest: () => void; restTurn: () => boolean; partial: () => SlicedWrite; write: () => void; step: () => boolean } {
    this.loadAll();
    const copy: StageCopy = { positions: this.positions!, sensorValues: this.sensorValues!, driverKeys: this.driverKeys!, stats: this.stats! };
    const { positions, sensorValues } = copy;
    const at = Math.round(fetchedAt);

    const changed = new Map<number, PosRow>();
    for (const batch of status.Positions)
      for (const p of batch) {
        const row = toRow(p);
        const pending = changed.get(row.object_id);
        if (pending ? !sameRow(pending, row) : !positions.holds(row)) changed.set(row.object_id, row);
      }
    const ignitionSwitched = new Set<number>(), readingsFirst = this.ignitionObject.size > 0;
    const readingsOf = (clock: TurnClock) => changedReadings(status.SensorValues, sensorValues, this.ignitionObject, ignitionSwitched, clock);
    const changedSensors = readingsFirst ? allAtOnce(readingsOf(NEVER_DUE)) : [];
    // The copy holds the staged positions from here: the answer and the write read them from it.
    const written = [...changed.keys()];
    for (const row of changed.values()) positions.set(row);
    const answered = [...written];
    for (const id of ignitionSwitched) if (!changed.has(id) && positions.has(id)) answered.push(id);
    answered.sort((a, b) => a - b);
    const changes: StatusChanges = {
      positions: positions.columns(answered, (id) => this.ignitionOf(id)),
      sensorIds: changedSensors,
      driverKeys: [],
      stats: { objectIds: [], days: [], json: [] },
      fetchedAt: at,
    };

    let pending: SlicedWrite | undefined;
    let reading: Turns<SlicedWrite> | undefined;
    // One turn of the rest's reading (all of it with `all`); the write once it is read.
    const rest = (all: boolean): SlicedWrite | undefined => {
      if (pending) return pending;
      try {
        if (!reading) {
          const clock = turnClock(turnMs);
          reading = this.stageRest(status, copy, changes, written, at, clock, readingsFirst ? undefined : readingsOf(clock));
        }
        const r = all ? { done: true as const, value: allAtOnce(reading) } : reading.next();
        if (r.done) pending = r.value;
      } catch (e) {
        this.dropCopy();
        throw e;
      }
      return pending;
    };
    // Where the rest cannot be read at all: the positions and the readings read, the copy reloaded after.
    const partial = () => slicedWrite(this.db, this.writes.positions(positions, written, sensorValues, changes.sensorIds, at), { last: () => this.meta.setLastGood(STATUS_DATASET, at), done: () => this.dropCopy(), failed: () => this.dropCopy() });
    return {
      changes,
      rest: () => void rest(true),
      restTurn: () => rest(false) === undefined,
      partial,
      write: () => rest(true)!.write(),
      // Each turn of the rest's reading is a step of its own, and so is each slice of rows after it.
      step: () => (pending ? pending.step() : (rest(false), true)),
    };
  }

  /**
   * The second half of a stage: the readings where they were not read before the answer, the
   * driver keys and the daily stats read, the copy given the whole status, and the write of its rows.
   */
  private *stageRest(status: ObjectsStatusBatches, copy: StageCopy, changes: StatusChanges, written: readonly number[], at: number, clock: TurnClock, readings?: Turns<number[]>): Turns<SlicedWrite> {
    if (readings) changes.sensorIds = yield* readings;
    const { driverKeys, stats } = copy;
    const keysChanged = new Map<number, DriverKey>();
    for (const batch of status.DriverKeys)
      for (const k of batch) {
        const old = keysChanged.get(k.ObjectId) ?? driverKeys.get(k.ObjectId);
        if (old === undefined || old.Time !== k.Time || old.UId !== k.UId) keysChanged.set(k.ObjectId, { ObjectId: k.ObjectId, Time: k.Time, UId: k.UId });
      }
    const changedKeys = [...keysChanged.values()];
    const { changed: changedStats, digests, newestDay } = yield* changedStatsOf(status.Stats, stats, clock);
    // Once a day: the file keeps a month of daily stats (nothing reads older ones) instead of every day ever sent.
    const keepFrom = newestDay - STATS_KEPT_DAYS_IN_FILE * DAY_MS;
    const prune = keepFrom >= this.statsKeptFrom + DAY_MS;

    changes.driverKeys = changedKeys;
    changes.stats = changedStats;
    for (const k of changedKeys) driverKeys.set(k.ObjectId, k);
    changedStats.objectIds.forEach((id, i) => stats.set(id, changedStats.days[i]!, digests[i]!));
    this.keptRead(status.memo);

    // The rows to write, in slices (`step`) or all at once (`write`); the day's cut and the last good time go last.
    const parts: RowSlices[] = [
      ...this.writes.positions(copy.positions, written, copy.sensorValues, changes.sensorIds, at),
      this.writes.keys(changedKeys, at),
      this.writes.stats(changedStats, at),
    ];
    return slicedWrite(this.db, parts, {
      last: () => {
        if (prune) this.writes.statsBefore(keepFrom);
        this.meta.setLastGood(STATUS_DATASET, at);
      },
      done: () => {
        if (prune) this.statsKeptFrom = keepFrom;
      },
      failed: () => this.dropCopy(),
    });
  }

  /** The copy no longer stands for the file: the next use reloads it. */
  private dropCopy(): void {
    this.positions = this.sensorValues = this.driverKeys = this.stats = undefined;
    this.keptRead(undefined);
  }

  /**
   * The read a stage was given, when it is in the copy: a read that left out the elements that
   * were as the last one's (api/status-memo.ts) may do so next time only while every change to
   * the copy since came through such reads. Anything else that changes the copy forgets it.
   */
  private keptRead(memo: StatusReadMemo | undefined): void {
    if (this.memo !== memo) this.memo?.forget();
    this.memo = memo;
    memo?.kept();
  }

  /**
   * Reads the stored positions into columns for the first snapshot, without loading the copy:
   * what a window opening at launch waits for, in a third of the copy's time and garbage (the
   * copy is loaded by the first poll, or once that snapshot is answered: ingest.ts).
   */
  warm(): void {
    if (!this.positions) this.launchColumns ??= this.readColumns();
  }

  /** One query, each object's ignition reading joined in by SQLite, rows as arrays straight into the columns. */
  private readColumns(): PositionColumns {
    return launchColumns(this.read.columns.all() as LaunchRow[]);
  }

  /** Every stored last position, in ascending object id order. */
  snapshot(): PositionColumns {
    if (!this.positions) {
      // Not loaded: nothing was staged, so the file is the whole picture. Columns are handed over (transferred) once.
      const c = this.launchColumns ?? this.readColumns();
      this.launchColumns = undefined;
      return c;
    }
    const positions = this.positions;
    return positions.columns(
      [...positions.objectIds()].sort((a, b) => a - b),
      (id) => this.ignitionOf(id),
    );
  }

  /** When a status was last stored, null if never. */
  fetchedAt(): number | null {
    return this.meta.lastGood(STATUS_DATASET);
  }

  /** Deletes the last status of objects not in `keepObjectIds` (e.g. after the list changed). */
  prune(keepObjectIds: Iterable<number>): number {
    this.loadAll();
    const keep = new Set(keepObjectIds);
    const drop = [...this.positions!.objectIds(), ...this.driverKeys!.keys(), ...this.stats!.objectIds()].filter((id) => !keep.has(id));
    if (drop.length === 0) return 0;
    const delPos = this.db.prepare('DELETE FROM last_positions WHERE object_id = ?');
    const delKey = this.db.prepare('DELETE FROM last_driver_keys WHERE object_id = ?');
    const delStat = this.db.prepare('DELETE FROM daily_stats WHERE object_id = ?');
    const unique = [...new Set(drop)];
    this.db.transaction(() => {
      for (const id of unique) {
        delPos.run(id);
        delKey.run(id);
        delStat.run(id);
      }
    }).immediate();
    for (const id of unique) {
      this.positions!.delete(id);
      this.driverKeys!.delete(id);
      this.stats!.delete(id);
    }
    this.keptRead(undefined);
    return unique.length;
  }
}
