/**
 * Migration 003: each object's JSON without its sensors, stored when the list is written
 * (by the ingest worker), so a window opening reads the 50,000-object list as stored text
 * instead of SQLite running json_remove over every row on the main thread (825 ms measured).
 * Append-only: once committed, never edit this string.
 */
const sql = /* sql */ `
ALTER TABLE objects ADD COLUMN summary TEXT;
UPDATE objects SET summary = json_remove(json, '$.Sensors');
`;

export default sql;
