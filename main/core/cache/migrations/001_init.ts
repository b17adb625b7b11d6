/**
 * Migration 001: the whole first schema. Append-only: once committed, never edit this
 * string; add 002_….ts and list it in ./index.ts instead.
 *
 * Times are integer Unix ms throughout. JSON columns hold the canonical resource shapes
 * of common/resources.ts, unknown fields included.
 */
const sql = /* sql */ `
-- Reference data -------------------------------------------------------------------

CREATE TABLE profile (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  json        TEXT    NOT NULL,
  fetched_at  INTEGER NOT NULL
);

CREATE TABLE objects (
  id          INTEGER PRIMARY KEY,
  ord         INTEGER NOT NULL,            -- position in the service's list
  name        TEXT    NOT NULL,
  plate       TEXT,                        -- StateNumber
  imei        TEXT,
  status      INTEGER,
  json        TEXT    NOT NULL,
  fetched_at  INTEGER NOT NULL
);
CREATE INDEX objects_name   ON objects (name COLLATE NOCASE);
CREATE INDEX objects_plate  ON objects (plate COLLATE NOCASE);
CREATE INDEX objects_imei   ON objects (imei);
CREATE INDEX objects_status ON objects (status);

CREATE TABLE sensors (
  object_id   INTEGER NOT NULL,
  id          INTEGER NOT NULL,
  ord         INTEGER NOT NULL,
  name        TEXT,
  json        TEXT    NOT NULL,
  PRIMARY KEY (object_id, id)
) WITHOUT ROWID;
CREATE INDEX sensors_id ON sensors (id);

-- Keyed JSON collections: groups, geozones, drivers, driver keys, event settings,
-- command templates, ... (kind names in reference.ts).
CREATE TABLE reference_items (
  kind        TEXT    NOT NULL,
  key         TEXT    NOT NULL,
  ord         INTEGER NOT NULL,
  json        TEXT    NOT NULL,
  fetched_at  INTEGER NOT NULL,
  PRIMARY KEY (kind, key)
) WITHOUT ROWID;

-- Last status ------------------------------------------------------------------------

CREATE TABLE last_positions (
  object_id   INTEGER PRIMARY KEY,
  online      INTEGER NOT NULL,
  lat         REAL    NOT NULL,
  lng         REAL    NOT NULL,
  alt         REAL,
  time        INTEGER NOT NULL,
  speed       REAL,
  heading     REAL,
  sat         INTEGER,
  accuracy    REAL,
  fetched_at  INTEGER NOT NULL
);

CREATE TABLE last_sensor_values (
  sensor_id   INTEGER PRIMARY KEY,
  time        INTEGER NOT NULL,
  value       REAL    NOT NULL,
  fetched_at  INTEGER NOT NULL
);

CREATE TABLE last_driver_keys (
  object_id   INTEGER PRIMARY KEY,
  time        INTEGER NOT NULL,
  uid         TEXT    NOT NULL,
  fetched_at  INTEGER NOT NULL
);

CREATE TABLE daily_stats (
  object_id   INTEGER NOT NULL,
  day         INTEGER NOT NULL,
  json        TEXT    NOT NULL,
  fetched_at  INTEGER NOT NULL,
  PRIMARY KEY (object_id, day)
) WITHOUT ROWID;

-- Events ------------------------------------------------------------------------------

CREATE TABLE events (
  id           INTEGER PRIMARY KEY,
  object_id    INTEGER NOT NULL,
  time         INTEGER NOT NULL,
  type         INTEGER NOT NULL,
  json         TEXT    NOT NULL,
  acknowledged INTEGER,                    -- 1 yes, 0 no, NULL unknown (seen in history only)
  ack_pending  INTEGER NOT NULL DEFAULT 0, -- an acknowledgement sits in the outbox
  fetched_at   INTEGER NOT NULL
);
CREATE INDEX events_object_time ON events (object_id, time);
CREATE INDEX events_unacked     ON events (acknowledged, time);

-- History ------------------------------------------------------------------------------

-- Track points packed per (object, hour): see README.md and track.ts for the layout.
CREATE TABLE track_chunks (
  object_id   INTEGER NOT NULL,
  hour        INTEGER NOT NULL,            -- floor(time / 3600000)
  n           INTEGER NOT NULL,            -- points in the chunk
  format      INTEGER NOT NULL,            -- encoding version of data
  data        BLOB    NOT NULL,
  PRIMARY KEY (object_id, hour)
);

CREATE TABLE parkings (
  object_id   INTEGER NOT NULL,
  from_ms     INTEGER NOT NULL,
  till_ms     INTEGER NOT NULL,
  lat         REAL    NOT NULL,
  lng         REAL    NOT NULL,
  alt         REAL,
  PRIMARY KEY (object_id, from_ms)
) WITHOUT ROWID;

CREATE TABLE sensor_history (
  object_id   INTEGER NOT NULL,
  sensor_id   INTEGER NOT NULL,
  time        INTEGER NOT NULL,
  value       REAL    NOT NULL,
  PRIMARY KEY (object_id, sensor_id, time)
) WITHOUT ROWID;

CREATE TABLE files (
  uid         TEXT    PRIMARY KEY,
  object_id   INTEGER NOT NULL,
  time        INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  json        TEXT    NOT NULL
);
CREATE INDEX files_object_time ON files (object_id, time);

CREATE TABLE file_bodies (
  uid         TEXT    PRIMARY KEY,
  bytes       BLOB    NOT NULL,
  fetched_at  INTEGER NOT NULL
);

-- Violations and other per-request extras of POST /api/ObjectsHistory, as JSON.
CREATE TABLE history_extras (
  object_id   INTEGER NOT NULL,
  kind        TEXT    NOT NULL,
  from_ms     INTEGER NOT NULL,
  till_ms     INTEGER NOT NULL,
  json        TEXT    NOT NULL,
  PRIMARY KEY (object_id, kind, from_ms)
) WITHOUT ROWID;

-- Which [from_ms, till_ms) intervals of which object and data kind the cache holds.
CREATE TABLE coverage (
  object_id   INTEGER NOT NULL,
  kind        TEXT    NOT NULL,
  from_ms     INTEGER NOT NULL,
  till_ms     INTEGER NOT NULL,
  PRIMARY KEY (object_id, kind, from_ms)
) WITHOUT ROWID;

-- Geocoding ------------------------------------------------------------------------------

CREATE TABLE geocode (
  lat_e4      INTEGER NOT NULL,            -- round(lat * 1e4): cells of ~10 m
  lng_e4      INTEGER NOT NULL,
  address     TEXT,
  street      TEXT,
  error       TEXT,
  fetched_at  INTEGER NOT NULL,
  PRIMARY KEY (lat_e4, lng_e4)
) WITHOUT ROWID;

-- Outbox and sync metadata ------------------------------------------------------------------

CREATE TABLE outbox (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  kind        TEXT    NOT NULL,
  payload     TEXT    NOT NULL,
  state       TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed')),
  attempts    INTEGER NOT NULL DEFAULT 0,
  last_error  TEXT,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
CREATE INDEX outbox_state ON outbox (state, id);

CREATE TABLE sync_last_good (
  dataset     TEXT    PRIMARY KEY,
  time        INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE kv (
  key         TEXT    PRIMARY KEY,
  value       TEXT    NOT NULL
) WITHOUT ROWID;
`;
export default sql;
