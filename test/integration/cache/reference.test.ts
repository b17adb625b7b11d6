import { describe, expect, it } from 'vitest';
import type { FleetEvent, Profile } from '../../../common/resources';
import { useTempCaches } from './helpers';

const t = useTempCaches();

const ev = (Id: number, Time: number): FleetEvent => ({ Id, ObjectId: 1, Time, Type: 2, Text: `e${Id}` });

describe('reference data, profile, events, meta', () => {
  it('replaces keyed collections per kind and keeps order', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.reference.replaceAll('geozones', [{ Id: 3, Name: 'c' }, { Id: 1, Name: 'a' }], 10);
    c.reference.replaceAll('drivers', [{ Id: 1, Name: 'Ann' }], 11);
    c.reference.replaceAll('driverKeys', [{ UId: 'K-1', Name: 'key' }], 12);
    expect(c.reference.list('geozones')).toEqual([{ Id: 3, Name: 'c' }, { Id: 1, Name: 'a' }]);
    expect(c.reference.get('drivers', 1)).toEqual({ Id: 1, Name: 'Ann' });
    expect(c.reference.get('driverKeys', 'K-1')).toEqual({ UId: 'K-1', Name: 'key' });
    c.reference.put('geozones', { Id: 2, Name: 'b' }, 13);
    c.reference.put('geozones', { Id: 3, Name: 'c2' }, 13);
    expect(c.reference.list<{ Name: string }>('geozones').map((g) => g.Name)).toEqual(['c2', 'a', 'b']);
    c.reference.delete('geozones', 1);
    c.reference.replaceAll('drivers', [], 20);
    expect(c.reference.list('drivers')).toEqual([]);
    expect(c.reference.fetchedAt('drivers')).toBe(20);
    expect(c.reference.fetchedAt('commandTemplates')).toBeNull();
    expect(() => c.reference.list('nope' as 'drivers')).toThrow(/Unknown reference kind/);
  });

  it('leaves an unchanged list as it is: only its fetch time moves, and no lookup built on it is told to rebuild', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const list = [{ Id: 3, Name: 'c' }, { Id: 1, Name: 'a' }];
    c.reference.replaceAll('geozones', list, 10);
    const rev = c.reference.revision('geozones');
    // The rows' own write time: a rewrite stamps them anew.
    const written = () => c.db.prepare("SELECT group_concat(fetched_at) FROM reference_items WHERE kind = 'geozones'").pluck().get();
    const before = written();
    c.reference.replaceAll('geozones', structuredClone(list), 20);
    expect(c.reference.fetchedAt('geozones')).toBe(20);
    expect(c.reference.revision('geozones')).toBe(rev);
    expect(written()).toBe(before);
    // One field, the order, or a shorter list: replaced.
    c.reference.replaceAll('geozones', [{ Id: 3, Name: 'c' }, { Id: 1, Name: 'a2' }], 30);
    expect(c.reference.list<{ Name: string }>('geozones').map((g) => g.Name)).toEqual(['c', 'a2']);
    c.reference.replaceAll('geozones', [{ Id: 1, Name: 'a2' }, { Id: 3, Name: 'c' }], 40);
    expect(c.reference.list<{ Id: number }>('geozones').map((g) => g.Id)).toEqual([1, 3]);
    c.reference.replaceAll('geozones', [{ Id: 1, Name: 'a2' }], 50);
    expect(c.reference.list('geozones')).toEqual([{ Id: 1, Name: 'a2' }]);
    expect(c.reference.revision('geozones')).toBe(rev + 3);
    expect(c.reference.fetchedAt('geozones')).toBe(50);
  });

  it('stores the profile and meta values', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const p: Profile = { Objects: [{ Id: 1, Name: 'a' }], Geozones: [{ Id: 3 }], ObjectIcons: [], ServerTime: 5 };
    c.profile.put(p, 7);
    // Its objects are the object list's, stored there: not a second time here.
    expect(c.profile.get()).toEqual({ profile: { ...p, Objects: [] }, fetchedAt: 7 });
    c.meta.setLastGood('tracks', 99);
    c.meta.set('cursor', { a: 1 });
    expect(c.meta.lastGood('tracks')).toBe(99);
    expect(c.meta.lastGood('never')).toBeNull();
    expect(c.meta.get('cursor')).toEqual({ a: 1 });
    c.meta.set('cursor', undefined);
    expect(c.meta.get('cursor')).toBeUndefined();
  });

  it('tracks acknowledgement of events', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.events.upsertFromHistory([ev(1, 10)], 1);
    c.events.replaceUnacknowledged([ev(2, 20), ev(3, 30)], 2);
    expect(c.events.unacknowledged().map((s) => s.event.Id)).toEqual([3, 2]);
    expect(c.events.get(1)?.acknowledged).toBeNull();

    c.events.markAckPending([2]);
    expect(c.events.unacknowledged()[1]).toMatchObject({ ackPending: true, acknowledged: false });

    // 3 was acknowledged elsewhere; 1 now appears unacknowledged; history does not change flags.
    c.events.replaceUnacknowledged([ev(1, 10), ev(2, 20)], 3);
    c.events.upsertFromHistory([ev(1, 10), ev(3, 30)], 4);
    expect(c.events.get(3)?.acknowledged).toBe(true);
    expect(c.events.get(1)?.acknowledged).toBe(false);
    expect(c.events.get(2)?.ackPending).toBe(true);

    c.events.markAcknowledged([2]);
    expect(c.events.get(2)).toMatchObject({ acknowledged: true, ackPending: false });
    expect(c.events.unacknowledged().map((s) => s.event.Id)).toEqual([1]);
    expect(c.events.forObject(1, 0, 100).map((s) => s.event.Id)).toEqual([1, 2, 3]);
    expect(c.events.fetchedAt()).toBe(3);

    // History does not rewrite an unacknowledged event: the next events poll sees the edit.
    c.events.upsertFromHistory([{ ...ev(1, 10), Text: 'edited' }, { ...ev(3, 30), Text: 'edited' }], 5);
    expect(c.events.get(1)?.event.Text).not.toBe('edited');
    expect(c.events.get(3)?.event.Text).toBe('edited');
    expect(c.events.replaceUnacknowledged([{ ...ev(1, 10), Text: 'edited' }], 6).upserted.map((e) => e.Text)).toEqual(['edited']);
  });
});
