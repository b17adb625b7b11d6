/** The one envelope, identical on every transport (DESIGN.md). */
import { z } from 'zod';
import { ERROR_CODES, type ErrorInfo } from './errors';

export { CLAIM_ID } from './bulk-claim';

export const RequestEnvelopeSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string().min(1),
  args: z.unknown(),
});
export type RequestEnvelope = z.infer<typeof RequestEnvelopeSchema>;

export const ErrorInfoSchema = z.object({ code: z.enum(ERROR_CODES), message: z.string() });

export interface ReplyEnvelope {
  type: 'reply';
  id: number | string;
  result: unknown;
}
export interface ErrorEnvelope {
  type: 'error';
  id: number | string | null;
  error: ErrorInfo;
}
export interface PushEnvelope {
  type: 'push';
  name: string;
  args: unknown;
}
export type ResponseEnvelope = ReplyEnvelope | ErrorEnvelope;
export type ServerMessage = ResponseEnvelope | PushEnvelope;

/**
 * Browser mode's socket only: the reply to request `id` is too big for a WebSocket message
 * and waits at `path` on the same host (GET, with the page's token, once). Its body is the
 * frame the socket would have carried (codec.ts). Chromium took about 1.4 s here to take in
 * one 38 MB message, several times what the same bytes cost over HTTP.
 */
export interface BulkNotice {
  type: 'bulk';
  id: number | string;
  path: string;
  bytes: number;
}
export type SocketMessage = ServerMessage | BulkNotice;
