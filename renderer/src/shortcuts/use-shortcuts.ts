import { useEffect } from 'react';
import { eventsStore } from '../events/events-store';
import { SEARCH_INPUT_ID } from '../list/ListToolbar';
import { marks } from '../stores/marked';
import { actionFor } from './keymap';
import { isTyping } from './typing';

/**
 * Window-wide shortcuts for the live screen; an open modal dialog keeps its own keys.
 * Follow is the map's own (its state lives there, MapView.tsx), from the same table.
 */
export function useShortcuts(onHelp: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
      const action = actionFor(e, isTyping(e.target));
      if (!action) return;
      const search = document.getElementById(SEARCH_INPUT_ID) as HTMLInputElement | null;
      if (action === 'search') {
        e.preventDefault();
        search?.focus();
        search?.select();
      } else if (action === 'ack') {
        const ids = [...eventsStore.get().checked];
        if (ids.length) {
          e.preventDefault();
          void eventsStore.ack(ids);
        }
      } else if (action === 'help') {
        e.preventDefault();
        onHelp();
      } else if (action === 'clear') {
        if (search && document.activeElement === search && search.value) {
          // React owns the value: set it the way a user edit would, so the list follows.
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
          setter.call(search, '');
          search.dispatchEvent(new Event('input', { bubbles: true }));
        }
        eventsStore.setChecked([]);
        marks.clear();
        search?.blur();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onHelp]);
}
