/**
 * Migration 005: the coarse copies move to a table of their own. As the last column of
 * `track_chunks`, behind a ~90 KB `data` blob, reading a copy made SQLite walk that blob's
 * overflow chain page by page: the copies of a month cost as much I/O as the full track
 * (about 90 ms at 2.6 M points, for 4 MB wanted). Copies already stored are carried over;
 * the old column is no longer read or written, and its values are left where they are
 * (emptying or dropping it would rewrite every track row at start-up), so they go as
 * hours are rewritten.
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
INSERT INTO track_overviews (object_id, hour, format, data)
  SELECT object_id, hour, format, overview FROM track_chunks WHERE overview IS NOT NULL;
`;

export default sql;
