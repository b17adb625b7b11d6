/**
 * The Admin screen's keys (admin-keymap.ts). Moving between sections, the search and the help
 * are the screen's own; the rest go to whichever view offers them now (targets.ts: the objects
 * table offers select all, clear, delete and refresh; a catalogue list new and refresh).
 */
import { useState, type ReactNode } from 'react';
import { navigate } from '../ui/route';
import { ADMIN_KEYS, ADMIN_SECTION_KEYS, type AdminAction, type AdminSection } from './admin-keymap';
import { KeymapHelp } from './KeymapHelp';
import { runTarget } from './targets';
import { useKeymap } from './use-keymap';

export function useAdminShortcuts(): ReactNode {
  const [help, setHelp] = useState(false);
  useKeymap(ADMIN_KEYS, (action: AdminAction) => {
    if (action === 'help') {
      setHelp(true);
      return true;
    }
    if (action === 'search') {
      const field = document.querySelector<HTMLInputElement>('main.admin input[type="search"]');
      if (!field) return false;
      field.focus();
      field.select();
      return true;
    }
    if (action.startsWith('go:')) {
      navigate(ADMIN_SECTION_KEYS[action.slice(3) as AdminSection]);
      return true;
    }
    return runTarget(`admin.${action}`);
  });
  return help && <KeymapHelp titleKey="admin.title" bindings={ADMIN_KEYS} onClose={() => setHelp(false)} />;
}
