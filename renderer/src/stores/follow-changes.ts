/**
 * Runs `redo` after a store changes, at most once per `minMs`, and not at all while it stays
 * still: for a summary of the whole fleet (the map's legend) that a poll of 50,000 objects
 * would otherwise redo at every change, and a timer at every tick.
 */
export function followChanges(subscribe: (listener: () => void) => () => void, redo: () => void, minMs: number): () => void {
  let lastAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const off = subscribe(() => {
    if (timer) return;
    timer = setTimeout(
      () => {
        timer = null;
        lastAt = Date.now();
        redo();
      },
      Math.max(0, lastAt + minMs - Date.now()),
    );
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
}
