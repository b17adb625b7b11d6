/** SQL that puts a cache back as it was before a migration, for tests that open an older cache. */

/** Before 009: no index of each object's ignition sensor by its id. */
export const BEFORE_009 = `
  DROP INDEX objects_ignition_by_id;
`;

/** Before 007: a sensors table with each object's sensors as rows, no ignition column on objects. */
export const BEFORE_007 = `
  ${BEFORE_009}
  DROP INDEX objects_ignition;
  ALTER TABLE objects DROP COLUMN ignition_sensor;
  CREATE TABLE sensors (
    object_id INTEGER NOT NULL, id INTEGER NOT NULL, ord INTEGER NOT NULL, name TEXT, json TEXT NOT NULL,
    ignition INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (object_id, id)
  ) WITHOUT ROWID;
  CREATE INDEX sensors_id ON sensors (id);
  CREATE INDEX sensors_ignition ON sensors (ignition) WHERE ignition = 1;
`;
