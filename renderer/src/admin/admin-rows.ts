/** Reading the Admin table's rows (pure, no React): the search and the display of a paid-till date. */
import { format } from 'date-fns';
import type { AdminObjectRow } from '../../../common/methods/jobs';

export type AdminRow = AdminObjectRow;

/** Search text: name, plate and IMEI, as the live list searches. */
export function rowMatches(r: AdminRow, q: string): boolean {
  const s = q.trim().toLowerCase();
  if (!s) return true;
  return r.name.toLowerCase().includes(s) || r.plate.toLowerCase().includes(s) || r.imei.toLowerCase().includes(s);
}

/** A paid-till moment as the date it names (YYYY-MM-DD, the form the import and the date picker use). */
export function dateText(ms: number | null): string {
  return ms === null ? '—' : format(ms, 'yyyy-MM-dd');
}
