/**
 * Migration 004: a coarse copy of each stored track hour (a point per 100 m moved, in the
 * chunk's own format), written with the hour, so the History screen can draw a month at
 * once and the full resolution follows. Hours stored before it have none until rewritten:
 * the screen then waits for the full track, as it did before.
 * Append-only: once committed, never edit this string.
 */
const sql = /* sql */ `
ALTER TABLE track_chunks ADD COLUMN overview BLOB;
`;

export default sql;
