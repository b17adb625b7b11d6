/**
 * A collection described once on the core side: where its list is kept in the cache and the
 * API calls that read and write it. The families' modules (groups, drivers, rules, accounts,
 * objects) each build theirs from the one API client.
 */
import type { CollectionId } from '../../../common/catalogue';
import type { Extra, LooseRecord, WriteResult } from '../api';
import type { Crud } from '../api/shared';
import type { ReferenceKind } from '../cache/reference';

export interface CollectionSource {
  id: CollectionId;
  /** The reference-cache kind the list is kept under (shared with the reference sync). */
  kind: ReferenceKind;
  list(e?: Extra): Promise<LooseRecord[]>;
  /** The service's current copy of one record (a list lookup where the interface has no GET by id). */
  get(id: number, e?: Extra): Promise<LooseRecord | undefined>;
  create?(body: Record<string, unknown>, e?: Extra): Promise<WriteResult>;
  update?(body: Record<string, unknown> & { Id: number }, e?: Extra): Promise<WriteResult>;
  remove?(id: number, e?: Extra): Promise<void>;
  /** Records that match `value` in the identity field: a create whose outcome was unknown is looked for here first. */
  findBy?(field: string, value: string, e?: Extra): Promise<LooseRecord[]>;
}

type Calls = Pick<Crud, 'list'> & Partial<Pick<Crud, 'get' | 'create' | 'update' | 'remove'>>;

/**
 * A collection from its CRUD calls; what the service does not offer is left out (penalties:
 * no create or delete). `get` falls back to the list where the spec has no GET /{id}.
 */
export function crudSource(id: CollectionId, kind: ReferenceKind, c: Calls): CollectionSource {
  const list = (e?: Extra) => c.list(e);
  const s: CollectionSource = {
    id,
    kind,
    list,
    get: c.get ? (rid, e) => c.get!(rid, e) : async (rid, e) => (await list(e)).find((r) => r.Id === rid),
  };
  if (c.create) s.create = c.create;
  if (c.update) s.update = c.update;
  if (c.remove) s.remove = c.remove;
  return s;
}
