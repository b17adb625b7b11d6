/**
 * The object lists are answered with the last answer's bytes while their records are the same
 * ones (routes/kept-list.ts): whatever was edited, created, deleted, renamed or given another
 * owner since, each list must say what each object, asked alone and built afresh, says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lite } from '../../../simulator/routes/objects-read';
import type { ObjectRec } from '../../../simulator/world/types';
import { start, type Api } from './helpers';

type Obj = ObjectRec;

let api: Api;
let admin: string;
let demo: string;
beforeAll(async () => {
  api = await start({ seed: 12, objects: 60 });
  admin = await api.token('admin');
  demo = await api.token('demo');
});
afterAll(() => api.h.close());

const list = async (token: string, path = '/api/Objects') => (await api.call('GET', path, { token })).body as Obj[];

/** Both lists of `token`'s user against each of its objects asked alone. */
async function expectListsAgreeWithEachObject(token: string): Promise<Obj[]> {
  const full = await list(token);
  const reduced = await list(token, '/api/Objects/lite');
  expect(reduced.map((o) => o.Id)).toEqual(full.map((o) => o.Id));
  for (const [i, o] of full.entries()) {
    const alone = (await api.call('GET', `/api/Objects/${o.Id}`, { token })).body as Obj;
    expect(o, `object ${o.Id}`).toEqual(alone);
    expect(reduced[i], `object ${o.Id}, reduced`).toEqual(JSON.parse(JSON.stringify(lite(alone))));
  }
  return full;
}

describe('the object lists between calls', () => {
  it('answer the same bytes while nothing changed', async () => {
    const a = await api.call('GET', '/api/Objects', { token: admin });
    const b = await api.call('GET', '/api/Objects', { token: admin });
    expect(b.text).toBe(a.text);
    await expectListsAgreeWithEachObject(admin);
  });

  it('follow an edit, a new object, a deleted one, an owner transfer and a renamed company, for each user', async () => {
    const before = await expectListsAgreeWithEachObject(admin);
    const own = await expectListsAgreeWithEachObject(demo);
    expect(own.length).toBeLessThan(before.length);
    const mine = own[0]!;
    const theirs = before.find((o) => o.CompanyId !== mine.CompanyId)!;

    expect((await api.call('PUT', '/api/Objects', { token: admin, body: { Id: mine.Id, Name: 'Renamed in the list test' } })).status).toBe(200);
    const created = (await api.call('POST', '/api/Objects', { token: admin, body: { Name: 'Listed test', IMEI: '359000000000888' } })).body as Obj;
    const gone = before.find((o) => o.Id !== mine.Id && o.Id !== theirs.Id)!.Id;
    expect((await api.call('DELETE', `/api/Objects/${gone}`, { token: admin })).status).toBe(200);
    expect((await api.call('POST', '/api/Objects/setowner', { token: admin, body: { ObjectIds: [theirs.Id], CompanyId: mine.CompanyId } })).status).toBe(200);
    expect((await api.call('PUT', '/api/Companies', { token: admin, body: { Id: mine.CompanyId, Name: 'Company renamed in the list test' } })).status).toBe(200);

    const after = await expectListsAgreeWithEachObject(admin);
    const ownAfter = await expectListsAgreeWithEachObject(demo);
    expect(after.find((o) => o.Id === mine.Id)!.Name).toBe('Renamed in the list test');
    expect(after.some((o) => o.Id === created.Id)).toBe(true);
    expect(after.some((o) => o.Id === gone)).toBe(false);
    expect(ownAfter.map((o) => o.Id)).toContain(theirs.Id);
    expect(ownAfter.every((o) => o.CompanyName === 'Company renamed in the list test')).toBe(true);
  });
});
