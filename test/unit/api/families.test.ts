/** Family-level parsing and argument rules, with recorded answers served by an injected fetch. */
import { describe, expect, it } from 'vitest';
import { createApi } from '../../../main/core/api';
import { createHttp } from '../../../main/core/api/http';
import { isIntervalTooLong } from '../../../main/core/api/history';
import { operationIdFrom } from '../../../main/core/api/historyImport';
import { failure } from '../../support/failure';

function apiAnswering(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const http = createHttp({
    baseUrl: 'http://fleet.test',
    getToken: async () => 't',
    retries: 0,
    fetchImpl: (async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(body, { status, headers });
    }) as unknown as typeof fetch,
  });
  return { api: createApi(http), sent };
}

describe('history', () => {
  it('a 400 about the interval is invalid_input with the server message, recognisable by isIntervalTooLong', async () => {
    const { api } = apiAnswering(400, '{"Message":"The interval must not exceed one month"}');
    const e = await failure(api.history.load({ ObjectId: 1, From: 0, Till: 40 * 86_400_000 }));
    expect(e.code).toBe('invalid_input');
    expect(e.message).toBe('POST /api/ObjectsHistory: The interval must not exceed one month (HTTP 400)');
    expect(isIntervalTooLong(e)).toBe(true);
  });
  it('other 400s are not about the interval', async () => {
    const { api } = apiAnswering(400, '{"Message":"Unknown object"}');
    expect(isIntervalTooLong(await failure(api.history.load({ ObjectId: 1, From: 0, Till: 1 })))).toBe(false);
  });
  it('Till before From is refused before sending', async () => {
    const { api, sent } = apiAnswering(200, '{}');
    expect((await failure(api.history.load({ ObjectId: 1, From: 10, Till: 1 }))).code).toBe('invalid_input');
    expect(sent).toHaveLength(0);
  });
  it('an object with no data in the period may omit sections', async () => {
    const { api } = apiAnswering(200, '{"Events":[],"Files":[],"Sensors":[]}');
    const h = await api.history.load({ ObjectId: 1, From: 0, Till: 1 });
    expect(h.Track.Intervals).toEqual([]);
    expect(h.Violations).toEqual({ SpeedViolations: [], AccelerationViolations: [], BrakingViolations: [], TurningViolations: [], AccelerometerFaulty: false });
  });
});

describe('geocoder', () => {
  it('an answer with the wrong number of elements is a server_error', async () => {
    const { api } = apiAnswering(200, '[{"Address":"a","Error":null}]');
    const e = await failure(api.geocoder.reverse([{ Latitude: 1, Longitude: 2 }, { Latitude: 3, Longitude: 4 }]));
    expect(e.code).toBe('server_error');
  });
  it('lower-case keys and a missing Error field', async () => {
    const { api } = apiAnswering(200, '[{"address":"Main St 1","street":"Main St"}]');
    expect(await api.geocoder.reverse([{ Latitude: 1, Longitude: 2 }])).toEqual([{ Address: 'Main St 1', Street: 'Main St', Error: null }]);
  });
});

describe('commands', () => {
  it('sends exactly one of TemplateId / Command', async () => {
    const { api, sent } = apiAnswering(200, '');
    await api.commands.run({ ObjectIds: [1, 2], TemplateId: 7 });
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ ObjectIds: [1, 2], TemplateId: 7 });
    expect((await failure(api.commands.run({ ObjectIds: [1], TemplateId: 7, Command: 'x' }))).code).toBe('invalid_input');
    expect((await failure(api.commands.run({ ObjectIds: [], Command: 'x' }))).code).toBe('invalid_input');
    expect(sent).toHaveLength(1);
  });
});

describe('events', () => {
  it('ack sends the id list; an empty list sends nothing', async () => {
    const { api, sent } = apiAnswering(200, '');
    await api.events.ack([]);
    await api.events.ack([3, 4]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('http://fleet.test/api/Events/ack');
    expect(sent[0]!.init.body).toBe('[3,4]');
  });
});

describe('objects catalogue', () => {
  it.each([['true', true], ['false', false], ['{"Available":true}', true], ['{"isAvailable":"false"}', false]])('imei available %s', async (body, expected) => {
    const { api } = apiAnswering(200, body);
    expect(await api.objects.isImeiAvailable('1')).toBe(expected);
  });
  it.each([['12345.5', 12345.5], ['"77"', 77], ['{"Value":"10"}', 10], ['{"odometer":3}', 3]])('odometer %s', async (body, expected) => {
    const { api } = apiAnswering(200, body);
    expect(await api.objects.odometer(1)).toBe(expected);
  });
  it('path segments are encoded', async () => {
    const { api, sent } = apiAnswering(200, '{"Id":1,"Name":"A/B"}');
    await api.objects.findByName('A/B c');
    expect(sent[0]!.url).toBe('http://fleet.test/api/Objects/byname/A%2FB%20c');
  });
});

describe('history import', () => {
  it.each([['"op-1"', 'op-1'], ['42', '42'], ['{"OperationId":"abc"}', 'abc'], ['{"operation_id":7}', '7']])('operation id from %s', (body, expected) => {
    expect(operationIdFrom(JSON.parse(body), 'x')).toBe(expected);
  });
});

describe('files', () => {
  it('attach sends multipart/form-data with the file part and is not retried', async () => {
    const { api, sent } = apiAnswering(200, '{"Uid":"f1"}');
    const r = await api.files.attach(5, { data: new Uint8Array([1, 2]), name: 'a.jpg', type: 'image/jpeg' }, 1000);
    expect(r.record).toEqual({ Uid: 'f1' });
    expect(sent[0]!.url).toBe('http://fleet.test/api/ObjectFiles/5/1000');
    expect(sent[0]!.init.method).toBe('PUT');
    expect(sent[0]!.init.body).toBeInstanceOf(FormData);
    const part = (sent[0]!.init.body as FormData).get('file') as File;
    expect(part.name).toBe('a.jpg');
    expect(part.type).toBe('image/jpeg');
    expect((sent[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});
