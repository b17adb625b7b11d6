import { describe, expect, it } from 'vitest';
import { dropEmptyMembers, repairJson, salvage } from '../../../main/core/api/json-repair';
import { decodeBodyDetailed, type ApiLog } from '../../../main/core/api/tolerant';

describe('empty members (deployed servers, an event without text)', () => {
  it.each([
    ['{"subid":"0", }', '{"subid":"0" }'],
    ['{"subid":"0", , "resettime":"0"}', '{"subid":"0" , "resettime":"0"}'],
    ['{"a":1,,,"b":2}', '{"a":1,"b":2}'],
    ['{ , "a":1}', '{  "a":1}'],
    ['[ , 1, , 2, ]', '[  1 , 2 ]'],
    ['{"text":"a, , b, }"}', '{"text":"a, , b, }"}'],
    ['{"text":"say \\", }"}', '{"text":"say \\", }"}'],
    ['{"a":[1,2],"b":{"c":3}}', '{"a":[1,2],"b":{"c":3}}'],
  ])('%s → %s', (input, output) => {
    expect(dropEmptyMembers(input)).toBe(output);
    expect(() => JSON.parse(dropEmptyMembers(input))).not.toThrow();
  });
});

describe('salvage', () => {
  it('keeps the well-formed elements of each known list and counts what it dropped', () => {
    const s = salvage('{"points":[{"trackerid":"1"},{"trackerid":"2",:"lat"},{"trackerid":"3", }],"events":[{"id":"7", , "resettime":"1"}],"stat":[],"extra":{"x":1}}');
    expect(s).toEqual({
      value: { points: [{ trackerid: '1' }, { trackerid: '3' }], events: [{ id: '7', resettime: '1' }], stat: [], extra: { x: 1 } },
      kept: { points: 2, events: 1, stat: 0 },
      dropped: { points: 1, events: 0, stat: 0 },
    });
  });

  it('reads a list body element by element', () => {
    expect(salvage('[{"id":1},{"id":: 2},{"id":3}]')?.value).toEqual([{ id: 1 }, { id: 3 }]);
  });

  it('trusts nothing in a body without a known list', () => {
    expect(salvage('{"a": [1, 2}}}}]]"')).toBeNull();
    expect(salvage('garbage')).toBeNull();
  });

  it('is tried only after the empty members and jsonrepair', () => {
    expect(repairJson('{"points":[{"a":"1", , "b":"2"}]}').how).toBe('empty-members');
    expect(repairJson("{'points':[1,2]}").how).toBe('jsonrepair');
    expect(repairJson('{"points":[{"a":1},{"b",:2}]}').how).toBe('salvaged');
  });
});

describe('decoding a body that needed salvage', () => {
  it('logs the endpoint and what was dropped, and goes on with the rest', () => {
    const warnings: { message: string; meta?: Record<string, unknown> }[] = [];
    const log: ApiLog = { warn: (message, meta) => warnings.push({ message, ...(meta ? { meta } : {}) }) };
    const body = JSON.stringify('{"points":[{"trackerid":"1"},{"trackerid":"2",:"x"}],"events":[{"id":"5","subid":"0", }]}');
    const r = decodeBodyDetailed(body, 'GET /api/ObjectsStatus', log);
    expect(r).toEqual({ value: { points: [{ trackerid: '1' }], events: [{ id: '5', subid: '0' }] }, repaired: 'salvaged' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('GET /api/ObjectsStatus');
    expect(warnings[0]!.message).toContain('dropped points 1');
    expect(warnings[0]!.meta).toMatchObject({ endpoint: 'GET /api/ObjectsStatus', dropped: { points: 1, events: 0 }, kept: { points: 1, events: 1 } });
  });

  it('calls a body nothing reads unreadable, naming the endpoint', () => {
    expect(() => decodeBodyDetailed('{"points" "x" :: [}', 'GET /api/ObjectsStatus')).toThrow(
      "The service's answer could not be read: GET /api/ObjectsStatus (it is not JSON, even after repair)",
    );
  });
});
