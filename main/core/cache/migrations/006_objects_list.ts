/**
 * Migration 006: the whole object list (without sensors) as one JSON array, in UTF-8, written
 * with the list by the ingest worker. A window opening, or reconnecting, gets these bytes as
 * they are: at 30,000 objects, parsing each row's summary and encoding the list again cost the
 * main side's event loop 230 ms alone and 1.6 s on a loaded machine. Filled here from the
 * stored summaries, so an upgraded cache answers at once.
 * Append-only: once committed, never edit this string.
 */
const sql = /* sql */ `
CREATE TABLE objects_list (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  json  BLOB    NOT NULL                   -- UTF-8 JSON array of ObjectSummary, in list order
);
INSERT INTO objects_list (id, json)
  SELECT 1, CAST('[' || COALESCE(group_concat(summary, ','), '') || ']' AS BLOB)
  FROM (SELECT summary FROM objects ORDER BY ord);
`;

export default sql;
