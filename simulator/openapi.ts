/** The OpenAPI 3.1 document, generated from the route table (the same table that serves requests). */
import { z } from 'zod';
import type { Route } from './http/route';

const ERRORS: Record<number, string> = {
  400: 'Invalid request (body, parameter or interval)',
  401: 'Missing, invalid or expired token',
  403: 'Administration rights are required',
  404: 'Not found (or not visible to this user)',
  409: 'Conflict with an existing record',
  429: 'Rate limited; see Retry-After',
  500: 'Server error',
};

function schemaOf(t: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const s = z.toJSONSchema(t, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete s.$schema;
  return s;
}

export function buildOpenApi(routes: Route[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorRef = { $ref: '#/components/schemas/Error' };
  for (const r of routes) {
    const responses: Record<string, unknown> = {};
    const ok = String(r.status ?? 200);
    if (r.response === 'empty' || r.response === undefined) responses[ok] = { description: 'Empty body' };
    else if (r.response === 'binary') {
      responses[ok] = { description: 'File body', content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
    } else responses[ok] = { description: 'OK', content: { 'application/json': { schema: schemaOf(r.response, 'output') } } };
    const codes = new Set([...(r.errors ?? []), ...(r.auth === false ? [] : [401]), ...(r.admin ? [403] : []), 429, 500]);
    for (const c of [...codes].sort()) responses[String(c)] = { description: ERRORS[c] ?? 'Error', content: { 'application/json': { schema: errorRef } } };
    const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const op: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      operationId: `${r.method.toLowerCase()}${r.path.replace(/\/api/, '').replace(/[{}]/g, '').replace(/\/(\w)/g, (_, c: string) => c.toUpperCase())}`,
      security: r.auth === false ? [] : [{ bearer: [] }],
      responses,
    };
    if (params.length) op.parameters = params;
    if (r.multipart) {
      op.requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } } };
    } else if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(r.body, 'input') } } };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fleet Monitoring Service (simulator)',
      version: '1.0.0',
      description: 'Everything the simulator implements. Units: km/h, km, seconds, litres, metres; times in Unix ms. Errors are {"Message": string}.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: { type: 'object', properties: { Message: { type: 'string' } }, required: ['Message'], additionalProperties: false } },
    },
    paths,
  };
}

export const DOCS_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Fleet service schema</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:70em}details{margin:.3em 0}summary{cursor:pointer}
code{background:#f3f3f3;padding:0 .2em}pre{background:#f7f7f7;padding:.6em;overflow:auto;font-size:12px}.m{display:inline-block;width:4.5em;font-weight:bold}</style></head>
<body><h1>Fleet Monitoring Service: schema browser</h1><p>Raw document: <a href="/api/docs">/api/docs</a></p><div id="root">Loading…</div>
<script>
fetch('/api/docs').then(r=>r.json()).then(doc=>{
  const root=document.getElementById('root');root.textContent='';
  const byTag={};
  for(const [p,ops] of Object.entries(doc.paths))for(const [m,op] of Object.entries(ops))(byTag[op.tags[0]]??=[]).push([m,p,op]);
  for(const [tag,list] of Object.entries(byTag)){
    const h=document.createElement('h2');h.textContent=tag;root.append(h);
    for(const [m,p,op] of list){
      const d=document.createElement('details');const s=document.createElement('summary');
      s.innerHTML='<span class="m"></span><code></code> ';s.querySelector('.m').textContent=m.toUpperCase();s.querySelector('code').textContent=p;
      s.append(document.createTextNode(op.summary));d.append(s);
      const pre=document.createElement('pre');pre.textContent=JSON.stringify({requestBody:op.requestBody,responses:op.responses},null,1);d.append(pre);root.append(d);
    }
  }
});
</script></body></html>`;
