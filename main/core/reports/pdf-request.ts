/**
 * A `reports/pdf` request as the Electron shell reads it before the dispatcher (the shell
 * answers it with the asking window, main/electron/pdf.ts), and its replies, in the
 * contract's own envelope. The shell may import the core, not common, so it reads them here.
 */
import { methods } from '../../../common/contract';
import { RequestEnvelopeSchema, type ResponseEnvelope } from '../../../common/envelope';
import type { ReportPdf } from '../../../common/methods/reports';

/** The request's id and file name, or null when it is not a well-formed `reports/pdf` (the dispatcher then answers it). */
export function readPdfRequest(raw: unknown): { id: number | string; fileBase: string } | null {
  const env = RequestEnvelopeSchema.safeParse(raw);
  if (!env.success || env.data.name !== 'reports/pdf') return null;
  const args = methods['reports/pdf'].args.safeParse(env.data.args ?? {});
  return args.success ? { id: env.data.id, fileBase: args.data.fileBase } : null;
}

export const pdfReply = (id: number | string, result: ReportPdf): ResponseEnvelope => ({ type: 'reply', id, result });

export const pdfError = (id: number | string, message: string): ResponseEnvelope => ({ type: 'error', id, error: { code: 'server_error', message } });
