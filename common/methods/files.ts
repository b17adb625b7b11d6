/**
 * The Files view: device files of objects over an interval (with the place from the cached
 * track), saving one or a selection as a zip, and attaching a file to an object (sent now, or
 * carried by the outbox while the service does not answer). File bodies: `files/get` (history).
 */
import { z } from 'zod';
import { method, push } from '../define';
import { ATTACH_MAX_BYTES } from '../file-kinds';

export interface FileItem {
  uid: string;
  objectId: number;
  /** Unix ms. */
  time: number;
  /** Media type as the service gave it. */
  type: string;
  /** Where the object was at `time`, from the cached track; null when the cache does not know. */
  place: { lat: number; lng: number } | null;
  /** Byte length once the body is in the cache; null before. */
  size: number | null;
}

export interface FilesFound {
  items: FileItem[];
  /** 'service': the service answered; 'cache': it did not, this is what the cache holds. */
  source: 'service' | 'cache';
  /** Why the service could not be asked (when source is 'cache'). */
  error?: string;
}

export interface SavedFile {
  fileName: string;
  type: string;
  bytes: Uint8Array;
}

export type AttachResult =
  | { state: 'sent'; file: FileItem }
  /** The service did not answer: the attachment waits in the outbox and is sent once it does. */
  | { state: 'queued'; outboxId: number; reason: string };

const interval = z
  .object({
    objectIds: z.array(z.number().int()).min(1).max(200),
    from: z.number().int().nonnegative(),
    till: z.number().int().nonnegative(),
  })
  .refine((a) => a.from < a.till, { message: 'The interval must end after it starts' });

export const filesMethods = {
  /** POST /api/ObjectFiles, kept in the cache; the cache's when the service does not answer. */
  'files/find': method<FilesFound>()(interval),
  /** One file's bytes under a name that says object and time. */
  'files/save': method<SavedFile>()(z.object({ uid: z.string().min(1) })),
  /** Several files as one zip (each under the same kind of name). */
  'files/zip': method<SavedFile>()(z.object({ uids: z.array(z.string().min(1)).min(1).max(500) })),
  /** Checks the bytes against the name, then PUT /api/ObjectFiles/{objectId}/{time}; queued when offline. */
  'files/attach': method<AttachResult>()(
    z.object({
      objectId: z.number().int(),
      time: z.number().int().nonnegative(),
      name: z.string().min(1).max(300),
      bytes: z.instanceof(Uint8Array).refine((b) => b.length <= ATTACH_MAX_BYTES, { message: `Files larger than ${ATTACH_MAX_BYTES / 1024 / 1024} MB cannot be attached` }),
    }),
    { write: true },
  ),
};

export const filesPushes = {
  /** An attachment waiting in the outbox was delivered (or found already there). */
  'files/attached': push<{ objectId: number; time: number; uid: string | null }>(),
};
