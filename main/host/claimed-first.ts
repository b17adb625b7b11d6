/**
 * One window's claimed big replies go out before its other reads are worked on (decision 0070).
 *
 * Why: a claimed reply (the fleet's list and positions, decision 0069) is written to its GET
 * in slices, each when the socket drains, and only this thread writes them. A read that
 * arrives beside it (at launch, the alarms' ten thousand events read and encoded) held this
 * thread for a tenth of a second while the list's megabytes waited in its buffer. Such reads
 * now wait until the claimed replies asked before them are written, for a bounded time;
 * writes (an acknowledgement, a command) never wait.
 */

/** How long a read waits at most for the claimed replies before it: a page that never fetches them must not stall it. */
export const CLAIMED_FIRST_MAX_WAIT_MS = 500;

export class ClaimedFirst {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly maxWaitMs = CLAIMED_FIRST_MAX_WAIT_MS) {}

  /** A claimed request arrived: the function returned is called once its reply is written, or went by the socket. */
  begin(): () => void {
    let done!: () => void;
    const written = new Promise<void>((resolve) => (done = resolve));
    this.inFlight.add(written);
    void written.then(() => this.inFlight.delete(written));
    return done;
  }

  /** Null when no claimed reply is on its way; else settles once those begun so far are written, or after the bound. */
  turn(): Promise<void> | null {
    if (this.inFlight.size === 0) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.maxWaitMs)));
    return Promise.race([Promise.all(this.inFlight).then(() => undefined), bound]).finally(() => clearTimeout(timer));
  }
}
