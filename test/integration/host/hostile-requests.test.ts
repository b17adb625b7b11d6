/**
 * Any page the user visits can send requests to 127.0.0.1: a table of hostile requests and
 * frames against a running host, each followed by proof that the host still serves the
 * app and answers a valid call. A throw in a handler would surface here as an unanswered
 * request and as vitest's unhandled error.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { decodeFrame, encodeMessage } from '../../../common/codec';
import { createDispatcher } from '../../../main/core/rpc/dispatcher';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { startHost, type Host } from '../../../main/host/server';
import { MAX_REQUEST_FRAME_BYTES } from '../../../main/host/socket';
import { exchangeCode, openSession } from './session';

const SECRET_TEXT = 'the file beside the static folder';
const APP_HTML = '<!doctype html><title>Fleet Console</title>';

let host: Host;
let session: string;
let staticDir: string;
const logged: string[] = [];

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'fleet-hostile-'));
  staticDir = join(root, 'renderer');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), APP_HTML);
  writeFileSync(join(root, 'secret.txt'), SECRET_TEXT);
  const dispatcher = createDispatcher();
  dispatcher.register({
    'connectivity/state': () => ({ state: 'online', lastGood: {}, lastError: null }),
    // A result JSON cannot carry: the reply's encoding throws after dispatch settled.
    'diagnostics/stats': () => ({ n: 1n }) as never,
  });
  host = await startHost({ core: { dispatcher, bus: createPushBus() }, staticDir, log: (m) => logged.push(m) });
  session = await openSession(host);
});
afterAll(() => host.close());

/** One raw request over TCP: the status line's code, and the body (bounded wait: the host closes). */
function raw(request: string | Buffer): Promise<{ status: number | null; text: string }> {
  return new Promise((resolve) => {
    const sock = connect(host.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : null, text });
    };
    const timer = setTimeout(() => sock.destroy(), 5_000);
    sock.on('data', (d) => chunks.push(d));
    sock.on('close', done);
    sock.on('error', () => {});
    sock.write(request);
  });
}

const hostHeader = () => `127.0.0.1:${host.port}`;
const get = (target: string, headers = `Host: ${hostHeader()}\r\n`) => `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;
const upgrade = (target: string, origin = host.origin, hostName = hostHeader()) =>
  `GET ${target} HTTP/1.1\r\nHost: ${hostName}\r\nOrigin: ${origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;

function openSocket(token = session): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/rpc?token=${encodeURIComponent(token)}`, { headers: { Origin: host.origin } });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** The next message on `ws`, decoded. */
function nextMessage(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => ws.once('message', (d, binary) => resolve(decodeFrame(binary ? (d as Buffer) : String(d)) as Record<string, unknown>)));
}

/** The page's two needs: the app shell over HTTP, and a call over a fresh socket. */
async function stillServes() {
  const page = await fetch(`${host.origin}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toBe(APP_HTML);
  const ws = await openSocket();
  const reply = nextMessage(ws);
  ws.send(encodeMessage({ id: 1, name: 'connectivity/state', args: {} }));
  expect(await reply).toMatchObject({ type: 'reply', id: 1, result: { state: 'online' } });
  ws.close();
}

describe('browser-mode host: hostile HTTP requests', () => {
  const cases: [string, () => string | Buffer, number][] = [
    ['a lone percent sign', () => get('/%'), 400],
    ['truncated percent-encoding', () => get('/%E0%A4%A'), 400],
    ['an encoded NUL in the path', () => get('/index%00.html'), 400],
    ['a raw NUL in the path', () => Buffer.from(get('/a\0b'), 'latin1'), 400],
    ['a 10 KB path', () => get(`/${'a'.repeat(10 * 1024)}`), 414],
    ['a 70 KB path', () => get(`/${'a'.repeat(70 * 1024)}`), 431],
    ['an absolute-form URL with a port out of range', () => get('http://127.0.0.1:99999/'), 400],
    ['an absolute-form URL with a broken host', () => get('http://[::1:bad/'), 400],
    ['an absolute-form URL to our own address', () => get(`http://${hostHeader()}/`), 400],
    ['an asterisk target', () => `OPTIONS * HTTP/1.1\r\nHost: ${hostHeader()}\r\nConnection: close\r\n\r\n`, 400],
    ['a protocol-relative path', () => get('//evil.example/x.js'), 404],
    ['an encoded climb out of the static folder', () => get('/..%2fsecret.txt'), 403],
    ['a climb the URL parser flattens', () => get('/../secret.txt'), 404],
    ['an encoded dot-dot the URL parser flattens', () => get('/%2e%2e/secret.txt'), 404],
    ['a backslash climb', () => get('/..%5c..%5csecret.txt'), 404],
    ['a foreign Host', () => get('/', 'Host: evil.example\r\n'), 421],
    ['a rebound Host on our port', () => get('/', `Host: evil.example:${host.port}\r\n`), 421],
    ['no Host', () => get('/', ''), 400],
    ['a POST to a page', () => `POST / HTTP/1.1\r\nHost: ${hostHeader()}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`, 405],
    ['a tile without a session', () => get('/tiles/1/1/1'), 401],
    ['a tile with a wrong session', () => get('/tiles/1/1/1?token=abc.def'), 401],
    ['a big reply without a session', () => get('/bulk/abc'), 401],
    ['a big reply under a prototype key', () => get(`/bulk/__proto__?token=${session}`), 404],
    ['a big reply under constructor', () => get(`/bulk/constructor?token=${session}`), 404],
    ['a big reply under a malformed key', () => get(`/bulk/%?token=${session}`), 404],
    ['a big reply under an empty key', () => get(`/bulk/?token=${session}`), 404],
    ['an upgrade from a foreign Origin', () => upgrade(`/rpc?token=${session}`, 'https://evil.example'), 403],
    ['an upgrade with a foreign Host', () => upgrade(`/rpc?token=${session}`, host.origin, 'evil.example'), 421],
    ['an upgrade with a wrong token', () => upgrade('/rpc?token=wrong'), 401],
    ['an upgrade with a malformed token', () => upgrade('/rpc?token=%'), 401],
    ['an upgrade with the launch code as token', () => upgrade(`/rpc?token=${new URL(host.launchUrl()).searchParams.get('code')}`), 401],
    ['an absolute-form upgrade with a bad port', () => upgrade('http://127.0.0.1:99999/rpc'), 400],
    ['an upgrade to another path', () => upgrade(`/%?token=${session}`), 404],
  ];

  it.each(cases)('%s: answered, and the host still serves', async (_name, request, status) => {
    const r = await raw(request());
    expect(r.status).toBe(status);
    expect(r.text).not.toContain(SECRET_TEXT);
    // No stack or internals in an answer.
    expect(r.text).not.toMatch(/at .*\.ts:\d+|Error:/);
    await stillServes();
  });

  it('the launch-code exchange refuses what is not a fresh code of ours', async () => {
    const post = (body: string, origin = host.origin) =>
      raw(`POST /session HTTP/1.1\r\nHost: ${hostHeader()}\r\nOrigin: ${origin}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    expect((await post('{not json')).status).toBe(400);
    expect((await post('{"code": 42}')).status).toBe(400);
    expect((await post(JSON.stringify({ code: 'x'.repeat(10_000) }))).status).toBe(413);
    expect((await post('{"code": "a.b.c"}')).status).toBe(401);
    expect((await exchangeCode(host, 'anything', 'https://evil.example')).status).toBe(403);
    expect((await raw(get('/session'))).status).toBe(405);
    await stillServes();
  });
});

describe('browser-mode host: hostile WebSocket frames', () => {
  let ws: WebSocket;
  beforeAll(async () => {
    ws = await openSocket();
  });
  afterAll(() => ws.close());

  /** Sends on the shared socket and returns its answer. */
  const ask = (send: () => void) => {
    const answer = nextMessage(ws);
    send();
    return answer;
  };

  it.each([
    ['junk text', 'not json at all', { type: 'error', id: null }],
    ['an envelope without a name', '{"id": 5}', { type: 'error', id: 5 }],
    ['an id of the wrong type', '{"id": {"x": 1}, "name": "connectivity/state"}', { type: 'error', id: null }],
    ['a typed-array tag naming a prototype', '{"id": 6, "name": "connectivity/state", "args": {"__typed": "__proto__", "b64": "AAAA"}}', { type: 'error', id: 6, error: { code: 'invalid_input' } }],
    ['a __proto__ key in the arguments', '{"id": 7, "name": "connectivity/state", "args": {"__proto__": {"polluted": true}}}', { type: 'reply', id: 7 }],
    ...['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'no/such-method'].map(
      (name, i) => [`the method name ${name}`, encodeMessage({ id: 10 + i, name, args: {} }), { type: 'error', id: 10 + i, error: { code: 'invalid_input' } }] as const,
    ),
    ['a reply that cannot be encoded', encodeMessage({ id: 20, name: 'diagnostics/stats', args: {} }), { type: 'error', id: 20, error: { code: 'server_error' } }],
  ] as const)('%s: an error envelope, and the socket serves on', async (_name, frame, expected) => {
    expect(await ask(() => ws.send(frame))).toMatchObject(expected);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const reply = ask(() => ws.send(encodeMessage({ id: 99, name: 'connectivity/state', args: {} })));
    expect(await reply).toMatchObject({ type: 'reply', id: 99 });
    await stillServes();
  });

  it('a binary junk frame: an error envelope', async () => {
    expect(await ask(() => ws.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]), { binary: true }))).toMatchObject({ type: 'error', id: null });
    await stillServes();
  });

  /** Frames the protocol itself refuses: that socket is closed with its code; the host serves on. */
  it.each([
    ['an oversized frame', (s: WebSocket) => s.send('x'.repeat(MAX_REQUEST_FRAME_BYTES + 1)), 1009],
    ['a text frame of invalid UTF-8', (s: WebSocket) => s.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false }), 1007],
    // FIN, opcode 3 (reserved), masked, empty: written under the client's framing.
    ['a reserved opcode', (s: WebSocket) => (s as unknown as { _socket: import('node:net').Socket })._socket.write(Buffer.from([0x83, 0x80, 0, 0, 0, 0])), 1002],
  ] as const)('%s: that socket closes (%i), the host serves on', async (_name, send, code) => {
    const victim = await openSocket();
    const closed = new Promise<number>((resolve) => victim.once('close', (c) => resolve(c)));
    victim.on('error', () => {});
    send(victim);
    expect(await closed).toBe(code);
    await stillServes();
  });

  it('logged what it refused, without ending', () => {
    expect(logged.some((m) => m.includes('bad frame'))).toBe(true);
    expect(logged.some((m) => m.includes('a reply failed'))).toBe(true);
  });
});
