/** Errors a handler throws; the server turns them into {"Message": ...} with the status. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export const badRequest = (m: string): HttpError => new HttpError(400, m);
export const notFound = (m = 'Not found'): HttpError => new HttpError(404, m);
export const forbidden = (m = 'Administration rights are required'): HttpError => new HttpError(403, m);
export const conflict = (m: string): HttpError => new HttpError(409, m);
