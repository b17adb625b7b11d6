/**
 * The object lists (GET /api/Objects and /lite) answered with the last answer's text while
 * every record in them is the same one. Records are replaced on an edit, never changed in
 * place (decision 0088), so the same records in the same order give the same JSON. At
 * 100,000 objects writing the list afresh took the simulator's one thread for seconds, every
 * request behind it waiting, on the cores the console is measured on (decision 0090).
 */
import type { Reply } from '../http/route';
import type { Sim } from '../sim';
import type { ObjectRec, User } from '../world/types';

type Kind = 'full' | 'lite';
interface Kept {
  recs: ObjectRec[];
  // Text, not a Buffer: tens of megabytes outside the heap set off the collector's full passes over the simulator's plans.
  text: string;
}

const kept = new WeakMap<Sim, Map<string, Kept>>();

const sameRecords = (a: readonly ObjectRec[], b: readonly ObjectRec[]) => a.length === b.length && a.every((r, i) => r === b[i]);

/** The user's visible objects as `shape` makes them, the text kept for the next call that sees the same records. */
export function keptList(sim: Sim, user: User, kind: Kind, shape: (recs: ObjectRec[]) => unknown[]): Reply {
  const recs = sim.visibleObjects(user);
  let lists = kept.get(sim);
  if (!lists) kept.set(sim, (lists = new Map()));
  const key = `${kind}:${user.Id}`;
  const last = lists.get(key);
  // The value goes too: an answer written another way (the deployed servers' shapes, a fault) starts from it.
  const json = shape(recs);
  if (last && sameRecords(last.recs, recs)) return { json, kept: last.text };
  const text = JSON.stringify(json);
  lists.set(key, { recs, text });
  return { json, kept: text };
}
