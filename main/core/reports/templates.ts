/**
 * Report templates built in the web interface: the list, the report types and each type's
 * columns, and a template's last result (GetReportResult). The service cannot run a
 * template (POST /api/ReportTemplates fails), so results are only read.
 */
import type { Cell, ReportColumn, ReportTemplate, TemplateResult } from '../../../common/methods/reports';
import type { Connection } from '../connection/open';
import { field, num } from './merge';

type Rec = Record<string, unknown>;
const recs = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter((x): x is Rec => !!x && typeof x === 'object') : []);
const text = (v: unknown, dflt: string): string => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : dflt);

export function columnOf(r: Rec): ReportColumn {
  const type = String(field(r, 'Type') ?? '').toLowerCase();
  const id = text(field(r, 'Id'), text(field(r, 'Name'), '?'));
  return { id, label: text(field(r, 'Name'), id), type: type === 'time' || type === 'date' || type === 'datetime' ? 'time' : type === 'number' ? 'number' : 'text' };
}

export async function listTemplates(c: Connection): Promise<{ templates: ReportTemplate[]; types: Array<{ id: number | string; name: string }> }> {
  const [list, types] = await Promise.all([c.api.reportTemplates.list(), c.api.reportTemplates.types()]);
  return {
    templates: recs(list).map((t) => ({ id: num(t, 'Id'), name: text(field(t, 'Name'), `Template ${num(t, 'Id')}`), reportType: (field(t, 'ReportType') as number | string | undefined) ?? '' })),
    types: recs(types).map((t) => ({ id: (field(t, 'Id') as number | string | undefined) ?? '', name: text(field(t, 'Name'), '') })),
  };
}

export async function templateColumns(c: Connection, reportType: number | string): Promise<ReportColumn[]> {
  return recs(await c.api.reportTemplates.columns(reportType)).map(columnOf);
}

/** A result's columns are named by id; the type's column list gives their labels and types. */
export async function templateResult(c: Connection, id: number): Promise<TemplateResult> {
  const raw = await c.api.reportTemplates.result(id);
  const r: Rec = Array.isArray(raw) ? { Rows: raw } : raw;
  const type = field(r, 'ReportType');
  const known = typeof type === 'number' || typeof type === 'string' ? await templateColumns(c, type).catch(() => []) : [];
  const ids = Array.isArray(field(r, 'Columns')) ? (field(r, 'Columns') as unknown[]).map((x) => text(x, '?')) : known.map((k) => k.id);
  const columns = ids.map((cid) => known.find((k) => k.id === cid) ?? { id: cid, label: cid, type: 'text' as const });
  const rows = (Array.isArray(field(r, 'Rows')) ? (field(r, 'Rows') as unknown[]) : []).map((row): Cell[] =>
    Array.isArray(row) ? row.map((v) => (typeof v === 'number' || typeof v === 'string' ? v : null)) : [],
  );
  const from = field(r, 'From');
  const till = field(r, 'Till');
  return { id, name: text(field(r, 'Name'), `Result ${id}`), from: typeof from === 'number' ? from : null, till: typeof till === 'number' ? till : null, columns, rows };
}
