/**
 * Device files: look-up (POST /api/ObjectFiles), download (GET /api/ObjectFiles/{id}: bytes
 * and media type), attach (PUT /api/ObjectFiles/{id}[/{time}], multipart/form-data).
 */
import type { Http, RawBytes } from './http';
import { seg } from './http';
import { call, extra, looseList, writeResult, type Extra, type LooseItem, type WriteResult } from './shared';

export interface DownloadedFile {
  bytes: Uint8Array;
  /** From Content-Type, without parameters; application/octet-stream when absent. */
  mediaType: string;
  /** From Content-Disposition, when the server gave one. */
  fileName?: string;
}

export interface FileToAttach {
  data: Uint8Array | ArrayBuffer | Blob;
  /** File name sent in the multipart part. */
  name: string;
  /** Media type, e.g. image/jpeg. */
  type?: string;
  /** Multipart field name; "file" unless the server wants another. */
  field?: string;
}

/** POST /api/ObjectFiles: a look-up (read, retried). Body passed as given (shape unshown). */
export function findFiles(http: Http, query: Record<string, unknown>, e?: Extra): Promise<Array<LooseItem | string | number>> {
  return call(http, 'POST', '/api/ObjectFiles', looseList, { body: query, idempotent: true, ...extra(e) });
}

/** How errors about one file's download name it. */
export const fileEndpoint = (id: string | number): string => `GET /api/ObjectFiles/${seg(id)}`;

export function downloadFile(http: Http, id: string | number, e?: Extra): Promise<DownloadedFile> {
  const endpoint = fileEndpoint(id);
  return http.request<DownloadedFile>({
    method: 'GET',
    path: `/api/ObjectFiles/${seg(id)}`,
    endpoint,
    responseType: 'bytes',
    parse: (raw) => raw as RawBytes,
    timeoutMs: 120_000,
    ...extra(e),
  });
}

/**
 * PUT /api/ObjectFiles/{objectId} or /{objectId}/{time}: attach a file to an object.
 * Not retried (a repeat could attach twice): a timeout after sending is unknown_outcome.
 */
export function attachFile(http: Http, objectId: number, file: FileToAttach, time?: number, e?: Extra): Promise<WriteResult> {
  const form = new FormData();
  const blob = file.data instanceof Blob ? file.data : new Blob([file.data] as unknown as NonNullable<ConstructorParameters<typeof Blob>[0]>, { type: file.type ?? 'application/octet-stream' });
  form.append(file.field ?? 'file', blob, file.name);
  const path = time === undefined ? `/api/ObjectFiles/${seg(objectId)}` : `/api/ObjectFiles/${seg(objectId)}/${seg(time)}`;
  return call(http, 'PUT', path, writeResult, { body: form, idempotent: false, timeoutMs: 120_000, ...extra(e) });
}

export function filesApi(http: Http) {
  return {
    find: (query: Record<string, unknown>, e?: Extra) => findFiles(http, query, e),
    download: (id: string | number, e?: Extra) => downloadFile(http, id, e),
    attach: (objectId: number, file: FileToAttach, time?: number, e?: Extra) => attachFile(http, objectId, file, time, e),
  };
}
