/** The Admin screen's keyboard shortcuts: one table for the handler and the help. */
import type { Binding } from './keymap-core';

/** Sections of the Admin screen a letter opens, by route. */
export const ADMIN_SECTION_KEYS = {
  objects: '/admin',
  import: '/admin/import',
  historyImport: '/admin/history-import',
  jobs: '/admin/jobs',
  catalogue: '/admin/catalogue',
  geozones: '/admin/geozones',
} as const;
export type AdminSection = keyof typeof ADMIN_SECTION_KEYS;

export type AdminAction = 'search' | 'new' | 'refresh' | 'selectAll' | 'clearSelection' | 'delete' | `go:${AdminSection}` | 'help';

export const ADMIN_KEYS: readonly Binding<AdminAction>[] = [
  { keys: ['/'], action: 'search', textKey: 'admin.search' },
  { keys: ['N'], action: 'new', textKey: 'admin.new' },
  { keys: ['R'], action: 'refresh', textKey: 'admin.refresh' },
  { keys: ['Ctrl+A'], action: 'selectAll', textKey: 'admin.selectAll' },
  { keys: ['Esc'], action: 'clearSelection', textKey: 'admin.clearSelection' },
  { keys: ['Delete'], action: 'delete', textKey: 'admin.delete' },
  { keys: ['O'], action: 'go:objects', textKey: 'admin.objects' },
  { keys: ['I'], action: 'go:import', textKey: 'admin.import' },
  { keys: ['H'], action: 'go:historyImport', textKey: 'admin.historyImport' },
  { keys: ['J'], action: 'go:jobs', textKey: 'admin.jobs' },
  { keys: ['C'], action: 'go:catalogue', textKey: 'admin.catalogue' },
  { keys: ['Z'], action: 'go:geozones', textKey: 'admin.geozones' },
  { keys: ['?'], action: 'help', textKey: 'admin.help' },
];
