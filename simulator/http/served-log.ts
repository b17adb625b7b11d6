/**
 * The simulator's own time per API request, so a bench can say how much of a wait was the
 * service's: `handlerMs` until the route's handler made its answer (a status computes every
 * object's state there; -1 when it never did), `finishedMs` until the answer's last byte was
 * handed to the socket (a JSON answer is serialised after the handler; the object lists, kept
 * as text, in it: routes/kept-list.ts).
 */
export interface Served {
  method: string;
  path: string;
  /** Unix ms when the request arrived. */
  at: number;
  handlerMs: number;
  finishedMs: number | null;
}

const KEEP = 2000;

export class ServedLog {
  private entries: Served[] = [];

  /** Starts timing one request; the returned callbacks mark the handler's end and the response's. */
  start(method: string, path: string): { handled(): void; finished(): void } {
    const t0 = performance.now();
    const e: Served = { method, path, at: Date.now(), handlerMs: -1, finishedMs: null };
    this.entries.push(e);
    if (this.entries.length > KEEP) this.entries.splice(0, this.entries.length - KEEP);
    return {
      handled: () => void (e.handlerMs = Math.round(performance.now() - t0)),
      finished: () => void (e.finishedMs = Math.round(performance.now() - t0)),
    };
  }

  list(): Served[] {
    return this.entries.slice();
  }

  clear(): void {
    this.entries = [];
  }
}
