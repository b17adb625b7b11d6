/**
 * Migration 007: a cache written with a sensors table opens with each object's ignition sensor
 * as a column of the object, its sensors read from the object's JSON, and the table gone.
 */
import { describe, expect, it } from 'vitest';
import { BEFORE_007 } from './before-migrations';
import { useTempCaches } from './helpers';

const t = useTempCaches();

describe('sensors kept inside their objects (migration 007)', () => {
  it('an older cache keeps which sensor is each object’s ignition, and loses no sensor', () => {
    const dataDir = t.tempDir();
    const c = t.open({ dataDir });
    const fuel = { Id: 11, Name: 'Fuel' };
    const ignition = { Id: 12, Name: 'Ignition', DataType: 1 };
    c.objects.replaceAll([{ Id: 1, Name: 'Truck', Sensors: [fuel, ignition] }, { Id: 2, Name: 'Trailer', Sensors: [fuel] }], 1);
    expect(c.objects.ignitionSensors()).toEqual([[12, 1]]);
    // The cache as migration 006 left it: sensor rows, the ignition flagged among them.
    c.db.exec(`
      ${BEFORE_007}
      INSERT INTO sensors (object_id, id, ord, name, json, ignition) VALUES
        (1, 11, 0, 'Fuel', '{"Id":11,"Name":"Fuel"}', 0),
        (1, 12, 1, 'Ignition', '{"Id":12,"Name":"Ignition","DataType":1}', 1),
        (2, 11, 0, 'Fuel', '{"Id":11,"Name":"Fuel"}', 0);
      DELETE FROM schema_migrations WHERE id >= 7;
    `);
    c.close();

    const again = t.open({ dataDir });
    expect(again.objects.ignitionSensors()).toEqual([[12, 1]]);
    expect(again.objects.sensorsOf(1)).toEqual([fuel, ignition]);
    expect(again.objects.sensorsOf(3)).toEqual([]);
    expect(again.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'sensors'").pluck().get()).toBe(0);
    expect(again.integrityCheck()).toBe('ok');
  });
});
