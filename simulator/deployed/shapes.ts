/**
 * Answering like the deployed servers of this interface (shared/spec/deployed-server-shapes.md),
 * for `startSimulator({ shapes: 'deployed' })` / `--shapes deployed`: GET /api/ObjectsStatus as
 * the legacy {points, iopoints, ekeys, events, stat} with numbers as strings, "0000" for a
 * device that never reported and "0" coordinates, its events' empty text leaving `, }` and
 * `, ,` behind, every other answer a JSON string wrapping the JSON; /api/Profile always so
 * wrapped; Objects, Events and the token in camelCase with numbers as strings. The console
 * must read all of it: this mode exists so the tests can sign in to such a server.
 */
import type { Ctx, Reply, Route } from '../http/route';
import { objectState } from '../routes/status';
import { feed } from '../routes/event-list';

export type Shapes = 'documented' | 'deployed';

const lowerFirst = (k: string): string => (k === '' ? k : k[0]!.toLowerCase() + k.slice(1));

/** Keys camelCased all the way down; numbers as strings when `strings` is set. */
function camel(v: unknown, strings: boolean): unknown {
  if (Array.isArray(v)) return v.map((x) => camel(x, strings));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[lowerFirst(k)] = camel(x, strings);
    return out;
  }
  return strings && typeof v === 'number' ? String(v) : v;
}

const str = JSON.stringify;

/** Deployed servers leave the member out but keep its separator: `"subid":"0", }` or `"subid":"0", , "resettime":"…"`. */
function wireEvent(e: { Id: number; ObjectId: number; Time: number; Type: number; Text: string; ResetTime?: number }, textless: boolean, reset: number): string {
  const text = textless || e.Text === '' ? '' : `"text":${str(e.Text)}`;
  const resetPart = reset > 0 ? `, "resettime":"${reset}"` : '';
  return `{"id":"${e.Id}","trackerid":"${e.ObjectId}","status":"${reset > 0 ? 2 : 0}","time":"${e.Time}","type":"${e.Type}","typedesc":"${e.Type}","subid":"0", ${text}${resetPart}}`;
}

/** Which events the "server" sends without text: a fixed share, so every answer has some. */
export const textless = (id: number): boolean => id % 4 === 0;

function yyyymmdd(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

function legacyStatus(ctx: Ctx, only?: number): string {
  const { sim, user } = ctx;
  const now = sim.now();
  const objects = sim.visibleObjects(user).filter((o) => only === undefined || o.Id === only);
  const points: string[] = [];
  const io: string[] = [];
  const keys: string[] = [];
  const stat: string[] = [];
  for (const o of objects) {
    const s = objectState(sim, o, now);
    const p = s.position;
    const never = p.Time === 0;
    points.push(
      `{"trackerid":"${p.ObjectId}","time":"${never ? '0000' : p.Time}","lat":"${never ? 0 : p.Lat}","lng":"${never ? 0 : p.Lng}","alt":"${p.Alt}","speed":"${p.Speed}","ang":"${p.heading}","sat":"${p.Sat}","accuracy":"${p.Accuracy}"${p.Online ? ',"online":"1"' : ''}}`,
    );
    for (const v of s.sensors) io.push(`{"trendid":"${v.SensorId}","time":"${v.Time}","value":"${v.Value}"}`);
    if (s.key) keys.push(`{"trackerid":"${s.key.ObjectId}","time":"${s.key.Time}","key":${str(s.key.UId)}}`);
    if (s.stat) {
      const st = s.stat;
      stat.push(`{"trackerid":"${st.ObjectId}","day":"${yyyymmdd(st.Day)}","totalenginetime":"${Math.round(st.EngineTime * 1000)}","mileage":"${Math.round(st.Length * 1000)}"}`);
    }
  }
  const ids = new Set(objects.map((o) => o.Id));
  // The newest events of these objects; every other one is shown as already reset.
  const events = feed(sim, user, false)
    .filter((e) => ids.has(e.ObjectId))
    .slice(-200)
    .map((e, i) => wireEvent(e, textless(e.Id), i % 2 === 1 ? e.Time + 60_000 : 0));
  return `{"points":[${points.join(',')}],"iopoints":[${io.join(',')}],"ekeys":[${keys.join(',')}],"events":[${events.join(',')}],"stat":[${stat.join(',')}]}`;
}

function eventsList(reply: Reply): string {
  const list = ('json' in reply ? reply.json : []) as { Id: number; Text: string }[];
  return `[${list
    .map((e) => {
      const { Text, ...rest } = e;
      const body = Object.entries(camel(rest, true) as Record<string, unknown>)
        .map(([k, v]) => `${str(k)}:${str(v)}`)
        .join(',');
      return textless(e.Id) || Text === '' ? `{${body}, }` : `{${body},"text":${str(Text)}}`;
    })
    .join(',')}]`;
}

const text = (body: string): Reply => ({ stream: [body] });

/** Answers given per simulator in this mode, so "sometimes double-encoded" is the same sequence every run. */
const answered = new WeakMap<object, number>();

/**
 * The hook the API front calls with each reply (http/server.ts): the reply unchanged in the
 * documented mode, or for paths this mode leaves alone; else the deployed servers' version.
 */
export function deployedReply(ctx: Ctx, route: Route, reply: Reply): Reply {
  if ((ctx.sim.opts as { shapes?: Shapes }).shapes !== 'deployed' || (reply.status ?? 200) >= 300) return reply;
  const n = (answered.get(ctx.sim) ?? 0) + 1;
  answered.set(ctx.sim, n);
  switch (route.path) {
    case '/api/ObjectsStatus': {
      const body = legacyStatus(ctx);
      return text(n % 2 === 0 ? str(body) : body);
    }
    case '/api/ObjectsStatus/{id}':
      return text(legacyStatus(ctx, Number(ctx.params.id)));
    case '/api/Profile':
      return 'json' in reply ? text(str(str(camel(reply.json, true)))) : reply;
    case '/api/Objects':
      return 'json' in reply ? { json: camel(reply.json, true) } : reply;
    case '/api/Events':
    case '/api/Events/feed':
      return text(eventsList(reply));
    case '/api/Token':
      return 'json' in reply ? { json: camel(reply.json, false) } : reply;
    default:
      return reply;
  }
}
