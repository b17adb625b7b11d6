import { z } from 'zod';
import { collectionId, type ChangeWords, type CollectionId } from '../catalogue';
import { method, push } from '../define';

/** A record as the service sends it: Id and the collection's fields, unknown fields kept. */
export type CatalogueRecord = Record<string, unknown> & { Id: number };

export interface CatalogueList {
  collection: CollectionId;
  records: CatalogueRecord[];
  /** When the service last gave this list (Unix ms); null when it never has. */
  fetchedAt: number | null;
  /** The list is the kept copy: the service could not be asked (why, in words). */
  staleReason: string | null;
  /** Why this account may not change the collection (a 403 said so), or null. */
  readOnly: string | null;
}

/**
 * How a write ended. `refused` carries the service's own message, and the form field it
 * names when it names one; `forbidden` also turns the collection read-only.
 */
export type CatalogueWrite =
  | { status: 'saved'; record: CatalogueRecord | null }
  | { status: 'deleted' }
  | { status: 'refused'; message: string; field: string | null; notFound?: boolean }
  | { status: 'forbidden'; message: string }
  | { status: 'queued'; pendingId: number; message: string };

/** A catalogue edit made while the service did not answer, waiting in the outbox. */
export interface PendingChange {
  /** The outbox entry. */
  id: number;
  collection: CollectionId;
  op: 'create' | 'update' | 'delete';
  recordId: number | null;
  /** In English, as the core's messages say it; the screens say `words` in the user's language. */
  summary: string;
  words: ChangeWords;
  /** 'conflict': the service's copy changed since the edit; the user chooses (`catalogue/resolve`). */
  state: 'pending' | 'failed' | 'conflict';
  lastError: string | null;
  /** What is sent: the record (create) or the changed fields (update). */
  record: Record<string, unknown> | null;
  /** The record as it was when edited. */
  base: Record<string, unknown> | null;
  createdAt: number;
}

const coll = z.object({ collection: collectionId });
const id = z.number().int().positive();
const record = z.record(z.string(), z.unknown());

export const catalogueMethods = {
  /** The kept list at once when `cached`, else the service's (kept for offline), else the kept one with why. */
  'catalogue/list': method<CatalogueList>()(coll.extend({ cached: z.boolean().default(false) })),
  'catalogue/get': method<CatalogueRecord>()(coll.extend({ id })),
  'catalogue/create': method<CatalogueWrite>()(coll.extend({ record }), { write: true }),
  /** Only the fields given are changed (the service merges by Id). */
  'catalogue/update': method<CatalogueWrite>()(coll.extend({ id, record }), { write: true }),
  'catalogue/delete': method<CatalogueWrite>()(coll.extend({ id }), { write: true }),
  'catalogue/pending': method<{ changes: PendingChange[] }>()(z.object({ collection: collectionId.optional() })),
  'catalogue/cancelPending': method<{ changes: PendingChange[] }>()(z.object({ id }), { write: true }),
  /** A conflict: send mine over the service's copy, or keep the service's copy and drop mine. */
  'catalogue/resolve': method<{ changes: PendingChange[] }>()(z.object({ id, keep: z.enum(['mine', 'theirs']) }), { write: true }),
  /** Objects' create form: whether an IMEI is free, asked live. */
  'catalogue/imeiAvailable': method<{ imei: string; available: boolean }>()(z.object({ imei: z.string().trim().min(1).max(32) })),
  /** Objects' create form: the device models the service supports. */
  'catalogue/models': method<{ models: string[] }>()(z.object({})),
  /** The company page: Companies/statistics for one company (null when the service has none for it). */
  'catalogue/companyStats': method<{ stats: Record<string, unknown> | null }>()(z.object({ companyId: id })),
};

export const cataloguePushes = {
  /** A collection's list changed (a write here or a replay): screens showing it reload. */
  'catalogue/changed': push<{ collection: CollectionId }>(),
};
