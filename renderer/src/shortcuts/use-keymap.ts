import { useEffect, useRef } from 'react';
import { focusOwnsKey } from './focus-owns';
import { bindingFor, type Binding } from './keymap-core';
import { isTyping } from './typing';

/**
 * A screen's window-wide keys from its table. `run` returns false when the action does not
 * apply now (nothing selected, no track): the key then keeps its usual meaning. An open modal
 * dialog keeps its own keys, and a focused control keeps the keys it uses (focus-owns.ts).
 */
export function useKeymap<A extends string>(table: readonly Binding<A>[], run: (action: A) => boolean | void): void {
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
      const action = bindingFor(table, e, isTyping(e.target));
      if (!action) return;
      const inFields = table.find((b) => b.action === action)?.inFields ?? false;
      if (!inFields && focusOwnsKey(e.target, e.key)) return;
      if (runRef.current(action) !== false) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [table]);
}
