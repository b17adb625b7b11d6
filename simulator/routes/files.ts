/** Device files: lookup, download (generated PNG photos or attached bytes) and multipart attach. */
import busboy from 'busboy';
import { z } from 'zod';
import { badRequest, notFound } from '../http/errors';
import { json, type Route } from '../http/route';
import { filesBetween } from '../motion/history-data';
import { pngFor } from '../util/png';
import { hash } from '../util/rng';
import { EventBit } from '../world/generate';
import { FileOut } from '../schemas/history';
import { eventsBetween } from './event-list';
import { checkInterval } from './history';
import { intParam } from './params';
import type { IncomingMessage } from 'node:http';

const int = z.number().int();

function readUpload(req: IncomingMessage): Promise<{ data: Buffer; type: string; name: string } | undefined> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
    } catch {
      reject(badRequest('Expected a multipart/form-data body with one file'));
      return;
    }
    let found: { data: Buffer; type: string; name: string } | undefined;
    bb.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        found ??= { data: Buffer.concat(chunks), type: info.mimeType || 'application/octet-stream', name: info.filename ?? '' };
      });
    });
    bb.on('error', () => reject(badRequest('Malformed multipart body')));
    bb.on('close', () => resolve(found));
    req.pipe(bb);
  });
}

const attach = (withTime: boolean): Route => ({
  method: 'PUT', path: withTime ? '/api/ObjectFiles/{id}/{time}' : '/api/ObjectFiles/{id}', tag: 'Files', write: true, multipart: true,
  summary: `Attach a file to object {id}${withTime ? ' at {time} (Unix ms)' : ' (time: now)'}; multipart/form-data with one file part`,
  response: FileOut, errors: [400, 404],
  async handler(ctx) {
    const o = ctx.sim.object(ctx.user, intParam(ctx, 'id'));
    const time = withTime ? intParam(ctx, 'time') : ctx.sim.now();
    const up = await readUpload(ctx.req);
    if (!up || up.data.length === 0) throw badRequest('The multipart body holds no file');
    const uid = `up-${o.Id}-${time}-${(hash(up.data.length, time, ctx.sim.store.files.size) % 1_000_000).toString(36)}`;
    const rec = { ObjectId: o.Id, Time: time, Type: up.type, Uid: uid };
    ctx.sim.store.files.set(uid, { ...rec, data: up.data, name: up.name });
    return json(rec);
  },
});

export const fileRoutes: Route[] = [
  {
    method: 'POST', path: '/api/ObjectFiles', tag: 'Files', summary: 'Files received from devices of the given objects (or all) in an interval',
    body: z.object({ ObjectIds: z.array(int).optional(), ObjectId: int.optional(), From: int, Till: int }), response: z.array(FileOut), errors: [400, 404],
    handler({ sim, user, body }) {
      const b = body as { ObjectIds?: number[]; ObjectId?: number; From: number; Till: number };
      checkInterval(sim, b.From, b.Till);
      const ids = b.ObjectIds ?? (b.ObjectId !== undefined ? [b.ObjectId] : undefined);
      const objs = ids ? ids.map((id) => sim.object(user, id)) : sim.visibleObjects(user);
      return json(objs.flatMap((o) => filesBetween(sim, o, eventsBetween(sim, [o], b.From, b.Till).map((x) => x.e), b.From, b.Till)));
    },
  },
  {
    method: 'GET', path: '/api/ObjectFiles/{id}', tag: 'Files', summary: 'Download a file body by its Uid (photos are image/png)',
    response: 'binary', errors: [404],
    handler({ sim, user, params }) {
      const uid = params.id ?? '';
      const stored = sim.store.files.get(uid);
      if (stored) {
        sim.object(user, stored.ObjectId);
        return { bytes: stored.data, type: stored.Type };
      }
      const m = /^ph-(\d+)-(\d+)$/.exec(uid);
      if (!m) throw notFound('No such file');
      const o = sim.object(user, Number(m[1]));
      const t = Number(m[2]);
      const photo = eventsBetween(sim, [o], t, t).some(({ e }) => e.Type === EventBit.Photo && e.Time === t);
      if (!photo) throw notFound('No such file');
      return { bytes: pngFor(hash(o.Id, t)), type: 'image/png' };
    },
  },
  attach(false),
  attach(true),
];
