/** Shared helpers: a simulator on an ephemeral loopback port and a small fetch wrapper. */
import { startSimulator, type SimulatorHandle, type StartOptions } from '../../../simulator';

export interface Api {
  h: SimulatorHandle;
  token(login: string, password?: string): Promise<string>;
  call(method: string, path: string, opts?: { token?: string; body?: unknown; raw?: string | Uint8Array | FormData | Blob; headers?: Record<string, string> }): Promise<{ status: number; body: any; text: string; headers: Headers }>;
}

export async function start(opts: StartOptions = {}): Promise<Api> {
  const h = await startSimulator({ port: 0, objects: 60, seed: 7, ...opts });
  const call: Api['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    let body: string | Uint8Array | FormData | Blob | undefined = o.raw;
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
    return { status: r.status, body: parsed, text, headers: r.headers };
  };
  const token = async (login: string, password = login): Promise<string> => {
    const r = await call('POST', '/api/Token', { body: { UserName: login, Password: password } });
    if (r.status !== 200) throw new Error(`login ${login}: ${r.status} ${r.text}`);
    return r.body.AccessToken as string;
  };
  return { h, token, call };
}
