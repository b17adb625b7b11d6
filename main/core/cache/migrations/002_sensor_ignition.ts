/**
 * Migration 002: which sensor is each object's ignition, as a column, so the status repo
 * can find it without parsing every object's JSON (50,000 objects at startup).
 * Append-only: once committed, never edit this string.
 *
 * Existing rows cannot be classified in SQL (the rule is common/sensors.ts), so the stored
 * object-list hash is dropped: the next objects refresh rewrites every sensor row with the
 * flag. Until then the live map shows no "idle" state, which is what it showed before.
 */
const sql = /* sql */ `
ALTER TABLE sensors ADD COLUMN ignition INTEGER NOT NULL DEFAULT 0;
CREATE INDEX sensors_ignition ON sensors (ignition) WHERE ignition = 1;
DELETE FROM kv WHERE key = 'objects:hash';
`;

export default sql;
