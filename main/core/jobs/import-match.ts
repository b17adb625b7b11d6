/**
 * Matching an import's rows to objects with the user's column mapping, and listing every
 * row that cannot go into a job as it is: no object, several objects, a value that does
 * not parse, the same object twice, an odometer going down or jumping implausibly.
 */
import { isValid, parse as parseDate } from 'date-fns';
import { FleetError } from '../../../common/errors';
import type { AdminChoice, ImportField, JobKind, MatchProblem } from '../../../common/methods/jobs';
import { MATCH_FIELDS } from '../../../common/methods/jobs';
import type { FleetObject } from '../../../common/resources';
import type { Sheet } from './import-parse';
import { paidTillMs } from './operations';
import type { Value } from './journal';

/** The field an import kind takes its value from. */
export const VALUE_FIELD: Partial<Record<JobKind, ImportField>> = {
  odometer: 'odometer',
  'engine-hours': 'engine-hours',
  owner: 'company',
  icon: 'icon',
  'paid-till': 'paid-till',
};

/** An increase above this in one sync is listed as implausible (km, hours). */
export const JUMP_LIMIT: Partial<Record<JobKind, number>> = { odometer: 100_000, 'engine-hours': 10_000 };

export interface MatchedRow {
  row: number;
  objectId: number;
  name: string;
  value: Value;
}

export interface MatchOptions {
  sheet: Sheet;
  kind: JobKind;
  mapping: ImportField[];
  exclude?: ReadonlySet<number>;
  /** Rows whose decrease or jump the user has looked at and keeps. */
  accept?: ReadonlySet<number>;
  objects: readonly FleetObject[];
  companies?: readonly AdminChoice[];
  icons?: readonly AdminChoice[];
  /** The current odometer or engine hours of these objects (for decreases and jumps). */
  readCurrent?: (ids: number[]) => Promise<Map<number, number>>;
}

const plateKey = (s: string) => s.toUpperCase().replace(/[\s\-_.]/g, '');
const nameKey = (s: string) => s.trim().toLowerCase();

function index<K>(objects: readonly FleetObject[], key: (o: FleetObject) => K | undefined): Map<K, FleetObject[]> {
  const m = new Map<K, FleetObject[]>();
  for (const o of objects) {
    const k = key(o);
    if (k === undefined || k === '') continue;
    const list = m.get(k);
    if (list) list.push(o);
    else m.set(k, [o]);
  }
  return m;
}

/** "12 345,6" and "12,345.6" and "12345.6" → 12345.6; null when it is not a number. */
export function parseNumber(s: string): number | null {
  let t = s.replace(/[\s\u00a0\u202f']/g, '');
  if (t === '') return null;
  if (t.includes(',') && t.includes('.')) t = t.replace(/,/g, '');
  // One comma is a decimal comma ("1234,5"); several are thousands separators.
  else if (t.includes(',')) t = t.split(',').length > 2 ? t.replace(/,/g, '') : t.replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

function parseDay(s: string): string | null {
  const t = s.trim();
  if (paidTillMs(t) !== null) return t;
  for (const f of ['dd.MM.yyyy', 'd.M.yyyy', 'dd/MM/yyyy', 'yyyy/MM/dd']) {
    const d = parseDate(t, f, new Date(0));
    if (isValid(d) && d.getFullYear() > 1970) {
      const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      return iso;
    }
  }
  return null;
}

function byIdOrName(cell: string, list: readonly AdminChoice[] | undefined, what: string): { value: number } | { error: string } {
  const n = parseNumber(cell);
  if (n !== null && Number.isInteger(n) && n > 0) {
    if (list && !list.some((c) => c.id === n)) return { error: `no ${what} with Id ${n}` };
    return { value: n };
  }
  const hits = (list ?? []).filter((c) => nameKey(c.name) === nameKey(cell));
  if (hits.length === 1) return { value: hits[0]!.id };
  return { error: hits.length > 1 ? `${hits.length} ${what}s are named "${cell}"` : `no ${what} named "${cell}"` };
}

function parseValue(kind: JobKind, cell: string, o: MatchOptions): { value: Value } | { error: string } {
  if (cell === '') return { error: 'the value is empty' };
  switch (kind) {
    case 'odometer':
    case 'engine-hours': {
      const n = parseNumber(cell);
      if (n === null) return { error: `"${cell}" is not a number` };
      if (n < 0) return { error: `${cell} is negative` };
      return { value: n };
    }
    case 'owner':
      return byIdOrName(cell, o.companies, 'company');
    case 'icon':
      return byIdOrName(cell, o.icons, 'icon');
    case 'paid-till': {
      const d = parseDay(cell);
      return d === null ? { error: `"${cell}" is not a date (YYYY-MM-DD)` } : { value: d };
    }
    default:
      return { error: `${kind} cannot be imported` };
  }
}

export async function matchRows(o: MatchOptions): Promise<{ items: MatchedRow[]; problems: MatchProblem[] }> {
  const valueField = VALUE_FIELD[o.kind];
  if (!valueField) throw new FleetError('invalid_input', `A file can set odometers, engine hours, owners, icons or paid-till dates, not ${o.kind}`);
  if (o.mapping.length !== o.sheet.columns.length) throw new FleetError('invalid_input', `The mapping has ${o.mapping.length} entries for ${o.sheet.columns.length} columns`);
  const valueCol = o.mapping.indexOf(valueField);
  if (valueCol < 0) throw new FleetError('invalid_input', `No column is mapped to ${valueField}`);
  const matchCols = MATCH_FIELDS.map((f) => [f, o.mapping.indexOf(f)] as const).filter(([, i]) => i >= 0);
  if (matchCols.length === 0) throw new FleetError('invalid_input', 'No column says which object a row is: map one to Id, IMEI, plate or name');

  const byId = new Map(o.objects.map((x) => [x.Id, x]));
  const byImei = index(o.objects, (x) => x.IMEI?.trim());
  const byPlate = index(o.objects, (x) => (x.StateNumber ? plateKey(x.StateNumber) : undefined));
  const byName = index(o.objects, (x) => nameKey(x.Name));

  const problems: MatchProblem[] = [];
  const items: MatchedRow[] = [];
  const seen = new Map<number, number>();
  o.sheet.rows.forEach((cells, i) => {
    const row = i + 2;
    if (o.exclude?.has(row)) return;
    const add = (kind: MatchProblem['kind'], message: string, objectIds: number[] = []) => problems.push({ row, kind, message, objectIds });
    const [field, col] = matchCols.find(([, c]) => (cells[c] ?? '') !== '') ?? [];
    if (field === undefined || col === undefined) return add('unmatched', 'the row names no object (Id, IMEI, plate and name are empty)');
    const key = cells[col]!;
    let hits: FleetObject[];
    if (field === 'id') {
      const n = parseNumber(key);
      hits = n !== null && byId.has(n) ? [byId.get(n)!] : [];
    } else if (field === 'imei') hits = byImei.get(key) ?? [];
    else if (field === 'plate') hits = byPlate.get(plateKey(key)) ?? [];
    else hits = byName.get(nameKey(key)) ?? [];
    if (hits.length === 0) return add('unmatched', `no object with ${field === 'id' ? 'Id' : field === 'imei' ? 'IMEI' : field} ${key}`);
    if (hits.length > 1) return add('ambiguous', `${hits.length} objects have ${field} ${key}`, hits.map((h) => h.Id));
    const obj = hits[0]!;
    const v = parseValue(o.kind, cells[valueCol] ?? '', o);
    if ('error' in v) return add('unparseable', v.error, [obj.Id]);
    const earlier = seen.get(obj.Id);
    if (earlier !== undefined) return add('duplicate', `${obj.Name} is already set by row ${earlier}`, [obj.Id]);
    seen.set(obj.Id, row);
    items.push({ row, objectId: obj.Id, name: obj.Name, value: v.value });
  });

  const limit = JUMP_LIMIT[o.kind];
  if (limit !== undefined && o.readCurrent && items.length > 0) {
    const current = await o.readCurrent(items.map((x) => x.objectId));
    const unit = o.kind === 'odometer' ? 'km' : 'h';
    const what = o.kind === 'odometer' ? 'odometer' : 'engine hours';
    const kept: MatchedRow[] = [];
    for (const it of items) {
      const now = current.get(it.objectId);
      const next = it.value as number;
      const accepted = o.accept?.has(it.row) ?? false;
      if (now !== undefined && next < now && !accepted) {
        problems.push({ row: it.row, kind: 'decrease', message: `${it.name}: ${what} ${next} ${unit} is lower than the current ${now} ${unit}`, objectIds: [it.objectId] });
      } else if (now !== undefined && next - now > limit && !accepted) {
        problems.push({ row: it.row, kind: 'jump', message: `${it.name}: ${what} ${next} ${unit} is ${Math.round(next - now)} ${unit} above the current ${now} ${unit}`, objectIds: [it.objectId] });
      } else kept.push(it);
    }
    items.splice(0, items.length, ...kept);
  }
  problems.sort((a, b) => a.row - b.row);
  return { items, problems };
}
