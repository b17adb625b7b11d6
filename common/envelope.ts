/** The one envelope, identical on every transport (DESIGN.md). */
import { z } from 'zod';
import { ERROR_CODES, type ErrorInfo } from './errors';

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
