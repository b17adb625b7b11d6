import { useEffect, useRef } from 'react';

/**
 * What a screen's view offers its shortcuts (Admin's "new", "refresh"…): each view says it in
 * one line where its state lives, and the screen's key handler calls whichever view is shown.
 * The last one mounted wins; leaving takes it away.
 */
const targets = new Map<string, { run: () => boolean }>();

/** Runs the named target; false when no view offers it now (the key then does nothing). */
export function runTarget(name: string): boolean {
  return targets.get(name)?.run() ?? false;
}

/** `fns`: name → what to do, returning false (or nothing offered: null) when it does not apply now. */
export function useShortcutTargets(fns: Record<string, (() => boolean | void) | null>): void {
  const latest = useRef(fns);
  latest.current = fns;
  const names = Object.keys(fns).sort().join(' ');
  useEffect(() => {
    const mine = names.split(' ').filter(Boolean).map((name) => {
      const entry = {
        run: () => {
          const fn = latest.current[name];
          return fn ? fn() !== false : false;
        },
      };
      targets.set(name, entry);
      return [name, entry] as const;
    });
    return () => {
      for (const [name, entry] of mine) if (targets.get(name) === entry) targets.delete(name);
    };
  }, [names]);
}
