/**
 * Migration 008: each object's summary keeps only what the windows read (SUMMARY_KEYS in
 * common/methods/live.ts), not the whole object without its sensors: the list every window
 * reads at launch was 400 bytes an object with the simulator's fields alone, more with a real
 * server's. json_patch onto an empty object drops the keys an object does not have (a merge
 * patch removes what is null). The list's bytes are rebuilt from the new summaries, and the
 * stored list's hash is dropped so the next list poll compares against summaries made by the
 * code.
 * Append-only: once committed, never edit this string.
 */
const sql = /* sql */ `
UPDATE objects SET summary = json_patch('{}', json_object(
    'Id', json_extract(json, '$.Id'),
    'Name', json_extract(json, '$.Name'),
    'StateNumber', json_extract(json, '$.StateNumber'),
    'IMEI', json_extract(json, '$.IMEI'),
    'Status', json_extract(json, '$.Status'),
    'GroupIds', json_extract(json, '$.GroupIds'),
    'DeviceType', json_extract(json, '$.DeviceType'),
    'Phone', json_extract(json, '$.Phone'),
    'IconId', json_extract(json, '$.IconId'),
    'TrackColor', json_extract(json, '$.TrackColor'),
    'Timeout', json_extract(json, '$.Timeout'),
    'MaxSpeed', json_extract(json, '$.MaxSpeed'),
    'TimeZone', json_extract(json, '$.TimeZone')
  ));
UPDATE objects_list SET json = (
  SELECT CAST('[' || COALESCE(group_concat(summary, ','), '') || ']' AS BLOB)
  FROM (SELECT summary FROM objects ORDER BY ord)
) WHERE id = 1;
DELETE FROM kv WHERE key = 'objects:hash';
`;

export default sql;
