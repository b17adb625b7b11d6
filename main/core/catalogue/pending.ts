/**
 * Catalogue edits made while the service does not answer, carried by the one outbox
 * (`../sync/outbox-replay.ts`: durable before the reply, replayed in order after restarts).
 * Each entry keeps the record as it was when edited (`base`): at replay an update whose
 * record changed on the service since is parked as a conflict for the user to choose; a
 * create is first looked for by its identity (name, IMEI for objects), so one whose earlier
 * attempt may have landed is not made twice.
 */
import { z } from 'zod';
import { changeWords, collectionId, IDENTITY_FIELD, type ChangeWords, type CollectionId } from '../../../common/catalogue';
import { FleetError } from '../../../common/errors';
import type { LooseRecord } from '../api';
import type { Cache, OutboxEntry } from '../cache';
import type { OutboxKind } from '../sync/outbox-replay';
import type { CollectionSource } from './source';

export const CATALOGUE_KIND = 'catalogue/write';
export const CONFLICT_PREFIX = 'Conflict:';

const PayloadSchema = z.object({
  op: z.enum(['create', 'update', 'delete']),
  collection: collectionId,
  /** The record's Id (update, delete). */
  id: z.number().int().optional(),
  /** What was sent: the whole record (create) or the fields changed (update). */
  record: z.record(z.string(), z.unknown()).optional(),
  /** The record as it was when edited (null for a create). */
  base: z.record(z.string(), z.unknown()).nullable(),
  /** Records that already had the create's identity when it was queued: they are not ours. */
  existingIds: z.array(z.number()).default([]),
  /** Sent as it is even though the service's copy changed (the user chose "keep mine"). */
  force: z.boolean().default(false),
  summary: z.string(),
});
export type CataloguePayload = z.infer<typeof PayloadSchema>;

/** An entry parked because a field it changes moved on the service since the edit (the user chooses a version). */
export function isConflict(e: Pick<OutboxEntry, 'state' | 'lastError'>): boolean {
  return e.state === 'failed' && (e.lastError ?? '').startsWith(CONFLICT_PREFIX);
}

/** A stored catalogue edit in words for the screens, or null when the payload is not one. */
export function changeOfPayload(payload: unknown): ChangeWords | null {
  const p = PayloadSchema.safeParse(payload);
  return p.success ? changeWords(p.data) : null;
}

/** Fields this edit touches whose value on the service is no longer what the edit started from. */
export function changedSince(base: Record<string, unknown>, theirs: Record<string, unknown>, fields: readonly string[]): string[] {
  return fields.filter((f) => f in base && JSON.stringify(base[f]) !== JSON.stringify(theirs[f]));
}

export interface PendingDeps {
  cache: Cache;
  source: (c: CollectionId) => CollectionSource;
  /** The list of `c` changed (a replay landed). */
  changed: (c: CollectionId) => void;
  now: () => number;
}

/** The outbox kind that sends catalogue edits. */
export function catalogueOutboxKind(d: PendingDeps): OutboxKind<CataloguePayload> {
  const kindOf = (c: CollectionId) => d.source(c).kind;
  let landed: LooseRecord | null = null;
  return {
    parse: (p) => PayloadSchema.parse(p),
    async send(p, signal) {
      landed = null;
      const s = d.source(p.collection);
      const e = { signal };
      if (p.op === 'create') {
        const field = IDENTITY_FIELD[p.collection];
        const value = String(p.record?.[field] ?? '');
        const found = s.findBy ? await s.findBy(field, value, e) : (await s.list(e)).filter((r) => String(r[field] ?? '') === value);
        const ours = found.find((r) => typeof r.Id === 'number' && !p.existingIds.includes(r.Id));
        if (ours) {
          landed = ours;
          return;
        }
        const w = await s.create!(p.record ?? {}, e);
        landed = w.record ?? (w.id !== null ? { ...p.record, Id: w.id } : null);
        return;
      }
      if (p.op === 'delete') {
        try {
          await s.remove!(p.id!, e);
        } catch (err) {
          // Gone already: what the delete wanted.
          if (!(err instanceof FleetError && err.code === 'not_found')) throw err;
        }
        return;
      }
      const theirs = await s.get(p.id!, e);
      if (!theirs) throw new FleetError('not_found', `It was deleted on the service since this edit was made`);
      if (!p.force && p.base) {
        const moved = changedSince(p.base, theirs, Object.keys(p.record ?? {}));
        if (moved.length) throw new FleetError('invalid_input', `${CONFLICT_PREFIX} ${moved.join(', ')} changed on the service since this edit was made`);
      }
      const w = await s.update!({ ...p.record, Id: p.id! }, e);
      landed = w.record ?? { ...theirs, ...p.record };
    },
    delivered(p) {
      const kind = kindOf(p.collection);
      if (p.op === 'delete') d.cache.reference.delete(kind, p.id!);
      else if (landed && typeof landed.Id === 'number') d.cache.reference.put(kind, landed, d.now());
      landed = null;
      d.changed(p.collection);
    },
    refused(p) {
      d.changed(p.collection);
    },
  };
}
