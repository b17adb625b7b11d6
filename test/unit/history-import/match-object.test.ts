import { describe, expect, it } from 'vitest';
import { matchObject } from '../../../renderer/src/admin/history-import/match-object';
import type { AdminObjectRow } from '../../../common/methods/jobs';

const row = (id: number, name: string, imei: string) => ({ id, name, imei }) as AdminObjectRow;
const objects = [row(1, 'Truck 07', '356000000000007'), row(2, 'Van 12', ''), row(3, '356000000000099', '1')];

describe('matching a track file to its object', () => {
  it('takes the track name first, by name in any case or by IMEI, then the file name without its extension', () => {
    expect(matchObject(objects, 'truck 07', 'x.gpx')?.id).toBe(1);
    expect(matchObject(objects, '356000000000007', 'x.gpx')?.id).toBe(1);
    expect(matchObject(objects, null, 'Van 12.kml')?.id).toBe(2);
    expect(matchObject(objects, 'nobody', 'VAN 12.csv')?.id).toBe(2);
    expect(matchObject(objects, 'Van 12', 'Truck 07.gpx')?.id).toBe(2);
  });
  it('matches nothing on an empty IMEI or an unknown name', () => {
    expect(matchObject(objects, '', '.gpx')).toBeUndefined();
    expect(matchObject(objects, 'nobody', 'stranger.gpx')).toBeUndefined();
  });
});
