/* eslint-disable @typescript-eslint/no-explicit-any -- wire JSON, validated against the OpenAPI document by ajv */
/**
 * Shared helpers: a simulator on an ephemeral loopback port and a fetch wrapper that checks
 * every JSON response against the simulator's own OpenAPI document (ajv, JSON Schema 2020-12).
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { startSimulator, type SimulatorHandle, type StartOptions } from '../../../simulator';

type Body = string | Uint8Array | FormData | Blob;
export interface Reply {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}
export interface Api {
  h: SimulatorHandle;
  doc: any;
  /** Operations a response was checked against (method + path template). */
  checked: Set<string>;
  token(login: string, password?: string): Promise<string>;
  call(method: string, path: string, opts?: { token?: string; body?: unknown; raw?: Body; headers?: Record<string, string> }): Promise<Reply>;
}

function compile(doc: any): (method: string, path: string) => { key: string; byStatus: Map<string, ValidateFunction> } | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  const ops: { re: RegExp; literals: number; method: string; key: string; byStatus: Map<string, ValidateFunction> }[] = [];
  for (const [p, methods] of Object.entries<any>(doc.paths)) {
    for (const [m, op] of Object.entries<any>(methods)) {
      const byStatus = new Map<string, ValidateFunction>();
      for (const [status, resp] of Object.entries<any>(op.responses)) {
        const schema = resp.content?.['application/json']?.schema;
        if (!schema) continue;
        const fixed = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
        byStatus.set(status, ajv.compile(fixed));
      }
      const re = new RegExp('^' + p.replace(/\{\w+\}/g, '[^/]+') + '$', 'i');
      ops.push({ re, literals: p.split('/').filter((s) => s && !s.startsWith('{')).length, method: m.toUpperCase(), key: `${m.toUpperCase()} ${p}`, byStatus });
    }
  }
  return (method, path) => ops.filter((o) => o.method === method && o.re.test(path)).sort((a, b) => b.literals - a.literals)[0];
}

export async function start(opts: StartOptions = {}): Promise<Api> {
  const h = await startSimulator({ port: 0, objects: 60, seed: 7, ...opts });
  const doc = await (await fetch(h.baseUrl + '/api/docs')).json();
  const find = compile(doc);
  const checked = new Set<string>();
  const call: Api['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body: Body | undefined = o.raw;
    if (o.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const r = await fetch(h.baseUrl + path, { method, headers, body });
    const text = await r.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const type = r.headers.get('content-type') ?? '';
    if (type.includes('text/html')) throw new Error(`${method} ${path}: HTML answer`);
    if (r.status >= 400 && (typeof (parsed as { Message?: unknown })?.Message !== 'string' || /\n\s+at /.test(text))) {
      throw new Error(`${method} ${path}: error ${r.status} without a clean {"Message"}: ${text.slice(0, 200)}`);
    }
    const op = path.startsWith('/api/') ? find(method, path.split('?')[0]!) : undefined;
    if (op && type.includes('application/json')) {
      const v = op.byStatus.get(String(r.status));
      if (!v) throw new Error(`${method} ${path}: status ${r.status} not documented for ${op.key}`);
      if (!v(parsed)) throw new Error(`${method} ${path}: response does not match the OpenAPI document: ${JSON.stringify(v.errors?.slice(0, 3))}`);
      checked.add(op.key);
    } else if (op && r.status < 300) checked.add(op.key);
    return { status: r.status, body: parsed, text, headers: r.headers };
  };
  const token = async (login: string, password = login): Promise<string> => {
    const r = await call('POST', '/api/Token', { body: { UserName: login, Password: password } });
    if (r.status !== 200) throw new Error(`login ${login}: ${r.status} ${r.text}`);
    return r.body.AccessToken as string;
  };
  return { h, doc, checked, token, call };
}
