import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpoolAs } from '../../../main/core/api/held-body';
import { chunksOf, discardBody, fetchRole, isSpooledBody, type FetchAnswer } from '../../../main/core/workers/fetch';

/** The fetch role in this thread, against a real HTTP server on 127.0.0.1: bodies asked to be spooled go to a file as they arrive. */
describe('a body spooled by the worker that fetched it (decision 0060)', () => {
  let server: Server;
  let base: string;
  const body = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ Id: i, Name: `Car ${i} — Plzeň` })));
  // An object whose arrays hold brackets in strings, with a plain member and an object between them.
  const positions = JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ ObjectId: i, Note: i % 7 ? `[${i}]` : '{"]' })));
  const status = `{"Positions": ${positions}, "Note": "a ] and a [", "Meta": {"a": [1, {"b": "}"}]}, "Stats":[] }`;

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      // Sent in pieces, without a declared length.
      const bytes = Buffer.from(req.url === '/api/ObjectsStatus' ? status : body);
      for (let i = 0; i < bytes.length; i += 10_000) res.write(bytes.subarray(i, i + 10_000));
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const ask = (role: ReturnType<typeof fetchRole>, id: number, spool: SpoolAs | false, path = '/api/Objects') =>
    role.handlers.fetch({ url: `${base}${path}`, method: 'GET', headers: {}, ...(spool ? { spool } : {}) }, { id, signal: new AbortController().signal } as never) as Promise<FetchAnswer>;
  const held = (a: FetchAnswer) => {
    if (!('held' in a) || !a.held) throw new Error(`not held: ${JSON.stringify(a)}`);
    return a.held;
  };

  it('writes the body to a file of the owner’s only, hands its name to the taker, and removes leftovers at start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-spool-'));
    const prefix = join(dir, 'cache.sqlite.incoming-');
    writeFileSync(`${prefix}left-by-a-crash`, 'old');
    writeFileSync(join(dir, 'someone-else.json'), 'kept');
    const role = fetchRole(60_000, prefix);
    expect(readdirSync(dir)).toEqual(['someone-else.json']);

    const answer = await ask(role, 1, { sha256: true });
    expect(held(answer).bytes).toBe(Buffer.byteLength(body));
    const taken = role.held.take(held(answer));
    if (!isSpooledBody(taken)) throw new Error('not spooled');
    expect(taken.spooled.startsWith(prefix)).toBe(true);
    expect(readFileSync(taken.spooled, 'utf8')).toBe(body);
    // Hashed as it passed: the list's "same bytes" check does not read the file again.
    expect(taken.sha256).toBe(createHash('sha256').update(body).digest('base64'));
    if (process.platform !== 'win32') expect((await import('node:fs')).statSync(taken.spooled).mode & 0o777).toBe(0o600);
    discardBody(taken);
    expect(existsSync(taken.spooled)).toBe(false);

    // Not asked to spool: in memory, as before; a spooled body read whole gives the same bytes.
    const inMemory = role.held.take(held(await ask(role, 2, false)));
    expect(Array.isArray(inMemory)).toBe(true);
    const again = role.held.take(held(await ask(role, 3, {})));
    expect(Buffer.concat(chunksOf(again)).toString()).toBe(body);
    // Not asked for a hash: none taken.
    expect(again).not.toHaveProperty('sha256');
    expect(readdirSync(dir)).toEqual(['someone-else.json']);
  });

  it('notes where the arrays and objects inside the top-level object lie, as the bytes pass, where asked', async () => {
    const role = fetchRole(60_000, join(mkdtempSync(join(tmpdir(), 'fleet-spool-')), 'c.incoming-'));
    const taken = role.held.take(held(await ask(role, 1, { members: true }, '/api/ObjectsStatus')));
    if (!isSpooledBody(taken)) throw new Error('not spooled');
    const bytes = Buffer.from(status);
    const at = (text: string) => bytes.indexOf(text);
    const positionsAt = at(`: ${positions}`) + 2;
    const metaAt = at('{"a"');
    const statsAt = at('[] }');
    expect(taken.tops).toEqual([positionsAt, positionsAt + Buffer.byteLength(positions), metaAt, at('}]}') + 3, statsAt, statsAt + 2]);
    discardBody(taken);

    // A top-level array holds as many as it has elements: past a few dozen none are noted.
    const list = role.held.take(held(await ask(role, 2, { members: true })));
    expect(list).not.toHaveProperty('tops');
    discardBody(list);
  });

  it('a folder it cannot write to is this side’s failure, said as such, not the network’s', async () => {
    const role = fetchRole(60_000, join(mkdtempSync(join(tmpdir(), 'fleet-spool-')), 'no-such-folder', 'c.incoming-'));
    const answer = await ask(role, 1, {});
    expect(answer).toEqual({ refused: { message: expect.stringContaining('could not be put down beside the cache'), endpoint: expect.any(String) } });
  });

  it('a spooled body nobody takes is removed with its hold, as is one given up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-spool-'));
    const role = fetchRole(100, join(dir, 'c.incoming-'));
    await ask(role, 1, {});
    await ask(role, 2, {});
    expect(readdirSync(dir)).toHaveLength(2);
    role.held.drop(2);
    expect(readdirSync(dir)).toHaveLength(1);
    await expect.poll(() => readdirSync(dir).length, { timeout: 2000 }).toBe(0);
  });
});
