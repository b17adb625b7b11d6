/**
 * A route is data: method, path template, schemas and handler. The router, the write log
 * and the OpenAPI document are all built from the same table, so they cannot drift.
 */
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { Sim } from '../sim';
import type { AuthUser } from '../auth';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Ctx {
  sim: Sim;
  user: AuthUser;
  params: Record<string, string>;
  body: unknown;
  query: URLSearchParams;
  req: IncomingMessage;
}

export type Reply =
  /** `kept`: the JSON's text, kept from an answer before (routes/kept-list.ts), sent as it is where nothing rewrites the answer. */
  | { status?: number; json: unknown; kept?: string }
  | { status?: number; empty: true }
  /**
   * Chunks of an already-serialised JSON document, written with backpressure: text, or its UTF-8 bytes (the history's points).
   * `sent`: called once the body has been handed to the system or its connection closed, when its bytes may be written over.
   */
  | { status?: number; stream: Iterable<string | Uint8Array>; sent?: () => void }
  | { status?: number; bytes: Buffer; type: string };

export interface Route {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  /** Default true: requires a valid Bearer token. */
  auth?: boolean;
  admin?: boolean;
  /** Logged in the write log when it succeeds. */
  write?: boolean;
  /** multipart/form-data: the handler reads the request itself. */
  multipart?: boolean;
  body?: z.ZodType;
  /** Response schema for the OpenAPI document; 'empty' for an empty body; 'binary' for a file. */
  response?: z.ZodType | 'empty' | 'binary';
  status?: number;
  /** Extra documented error statuses besides 401 (and 403 for admin). */
  errors?: number[];
  handler: (ctx: Ctx) => Reply | Promise<Reply>;
}

export const json = (value: unknown, status = 200): Reply => ({ status, json: value });
export const empty = (status = 200): Reply => ({ status, empty: true });
