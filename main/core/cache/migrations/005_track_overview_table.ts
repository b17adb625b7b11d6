/**
 * Migration 005: the coarse copies move to a table of their own. As the last column of
 * `track_chunks`, behind a ~90 KB `data` blob, reading a copy made SQLite walk that blob's
 * overflow chain page by page: the copies of a month cost as much I/O as the full track
 * (about 90 ms at 2.6 M points, for 4 MB wanted). Copies stored under 004 are not carried
 * over: reaching them is that same walk over every track row, which on a cache of
 * months would hold the first start after the upgrade for many seconds. Their hours get
 * a copy when next rewritten; until then the History screen waits for the full track
 * there, as for hours stored before 004. The old column is no longer read or written.
 * Append-only: once committed, never edit this string.
 */
const sql = /* sql */ `
CREATE TABLE track_overviews (
  object_id   INTEGER NOT NULL,
  hour        INTEGER NOT NULL,            -- as track_chunks.hour
  format      INTEGER NOT NULL,            -- as track_chunks.format
  data        BLOB    NOT NULL,            -- the coarse copy (cache/track.ts)
  PRIMARY KEY (object_id, hour)
);
`;

export default sql;
