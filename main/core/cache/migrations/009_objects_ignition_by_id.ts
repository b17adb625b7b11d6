/**
 * Migration 009: each object's ignition sensor found by its id without reading its row. The
 * launch read of the last positions (status.ts, `columns`) joins every position to its
 * object's ignition sensor; by the primary key SQLite read each object's whole row, its
 * stored JSON and summary, to take one column of it, and that read is what a window opening
 * offline waits for. A covering index answers the join from the index's own pages.
 * Append-only: once committed, never edit this string.
 */
const sql = /* sql */ `
CREATE INDEX objects_ignition_by_id ON objects (id, ignition_sensor);
`;

export default sql;
