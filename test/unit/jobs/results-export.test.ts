/**
 * A job's results file: the XLSX read back with exceljs (its header, each item's cells, a
 * message that looks like a formula kept as text), and the CSV with its formula guard.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { JobItemRow } from '../../../common/methods/jobs';
import { resultsCsv, resultsXlsx } from '../../../main/core/jobs/results-export';

const items: JobItemRow[] = [
  { seq: 1, row: 2, objectId: 101, objectName: 'Truck 7', oldValue: '1200', newValue: '1250', state: 'done', message: null, at: Date.UTC(2026, 10, 27, 8, 30) },
  { seq: 2, row: null, objectId: 102, objectName: 'Van 3', oldValue: null, newValue: '90', state: 'failed', message: '=HYPERLINK("x")', at: null },
];

describe('job results export', () => {
  it('writes an XLSX workbook whose sheet holds the header and one row per item', async () => {
    const bytes = await resultsXlsx(items, 'Job 12');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Job 12')!;
    expect(ws).toBeDefined();
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Row', 'Object Id', 'Object', 'Old value', 'New value', 'Status', 'Message', 'Time (UTC)']);
    expect(rows[1]).toEqual([2, 101, 'Truck 7', '1200', '1250', 'done', '', '2026-11-27T08:30:00.000Z']);
    // A string cell, never a formula: the spreadsheet shows it, it does not run it.
    expect(ws.getRow(3).getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(3).getCell(7).value).toBe('=HYPERLINK("x")');
    expect(rows).toHaveLength(3);
  });

  it('writes a CSV whose formula-like cells start with an apostrophe', () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(resultsCsv(items));
    expect(text.startsWith('\uFEFFRow,Object Id,')).toBe(true);
    expect(text).toContain(`'=HYPERLINK(""x"")`);
  });
});
