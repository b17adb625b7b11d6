/**
 * A push listener that cannot stop the others. Electron's preload registers each listener on
 * its IPC emitter, which stops at the first one that throws: the stores listening after it
 * would miss that push; the socket transport guards its listeners with it too. Apart from
 * the transport, so Node's tests hold it against a real emitter.
 */
export function guardedListener<T>(cb: (value: T) => void, report: (e: unknown) => void): (value: T) => void {
  return (value) => {
    try {
      cb(value);
    } catch (e) {
      report(e);
    }
  };
}
