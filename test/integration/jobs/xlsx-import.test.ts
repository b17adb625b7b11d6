/**
 * The XLSX import on its own: a real workbook written with exceljs into a temp folder, read
 * by the core's import-parse (columns guessed from the headers, cells as text: numbers,
 * formulas' results, dates, rich text), matched against the simulator's objects over HTTP;
 * and files that claim to be XLSX but are not one get a clear error.
 */
import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetObject } from '../../../common/resources';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { Journal, JobsService, type JobTarget } from '../../../main/core/jobs';
import { connect } from '../../../main/core/jobs/connect';

const DAY = 86_400_000;
/** The fleet stands still, so the odometers the match compares with do not move. */
const frozen = Math.floor(Date.now() / DAY) * DAY + 14 * 3_600_000;

describe('XLSX import', () => {
  let sim: SimulatorHandle;
  let admin: JobTarget;
  let dir: string;
  let s: JobsService;
  let objects: FleetObject[];
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, objects: 30, now: () => frozen });
    admin = await connect({ server: sim.baseUrl, login: 'admin', password: 'admin' });
    dir = mkdtempSync(join(tmpdir(), 'fleet-xlsx-'));
    s = new JobsService({ journal: Journal.inDataDir(dir), target: () => admin });
    objects = (await admin.api.objects.list()).filter((o) => typeof o.IMEI === 'string' && o.IMEI !== '' && typeof o.StateNumber === 'string' && o.StateNumber !== '');
    expect(objects.length).toBeGreaterThanOrEqual(4);
  }, 60_000);
  afterAll(async () => {
    s?.journal.close();
    await sim?.close();
  });

  const read = async (file: string) => s.importParse(file.split('/').pop()!, new Uint8Array(readFileSync(file)));

  it('reads a workbook written by exceljs: the columns guessed, every cell as text, each row matched to its object', async () => {
    const [a, b, c, d] = objects;
    const current = await Promise.all([a, b, c, d].map((o) => admin.api.objects.odometer(o!.Id)));
    const want = current.map((km, i) => Math.round(km) + 100 + i);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Workshop');
    ws.addRow(['Device IMEI', 'Registration', 'Mileage, km', 'Comment']);
    // An IMEI as text (a number would lose digits), a plate, a number, a formula with its result, rich text.
    ws.addRow([a!.IMEI, a!.StateNumber, want[0], 'plain']);
    ws.addRow([b!.IMEI, b!.StateNumber, { formula: `${want[1]! - 1}+1`, result: want[1] }, { richText: [{ text: 'rich ' }, { text: 'text', font: { bold: true } }] }]);
    ws.addRow([]);
    ws.addRow(['', c!.StateNumber, want[2], 'matched by plate']);
    ws.addRow([d!.IMEI, '', `${want[3]}`, 'number typed as text']);
    ws.addRow(['111111111111111', '', 5000, 'no such object']);
    const file = join(dir, 'workshop.xlsx');
    await wb.xlsx.writeFile(file);

    const sheet = await read(file);
    expect(sheet.columns).toEqual(['Device IMEI', 'Registration', 'Mileage, km', 'Comment']);
    expect(sheet.mapping).toEqual(['imei', 'plate', 'odometer', 'ignore']);
    // The empty row is dropped: five data rows.
    expect(sheet.rowCount).toBe(5);
    expect(sheet.sample[1]).toEqual([b!.IMEI, b!.StateNumber, String(want[1]), 'rich text']);

    const report = await s.importMatch({ importId: sheet.importId, kind: 'odometer', mapping: sheet.mapping, excludeRows: [], acceptRows: [] });
    // Rows are the file's (header row 1); the blank row 4 is gone, so the data sits in rows 2, 3, 4, 5 and 6.
    expect(report.items).toEqual([
      { row: 2, objectId: a!.Id, value: want[0] },
      { row: 3, objectId: b!.Id, value: want[1] },
      { row: 4, objectId: c!.Id, value: want[2] },
      { row: 5, objectId: d!.Id, value: want[3] },
    ]);
    expect(report.problems.map((p) => [p.row, p.kind])).toEqual([[6, 'unmatched']]);
  });

  it('reads date cells as dates: a paid-till column by Id', async () => {
    const [a, b] = objects;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Billing');
    ws.addRow(['Id', 'Paid until']);
    ws.addRow([a!.Id, new Date(Date.UTC(2027, 5, 30))]);
    ws.addRow([b!.Id, '2027-12-31']);
    const file = join(dir, 'billing.xlsx');
    await wb.xlsx.writeFile(file);
    const sheet = await read(file);
    expect(sheet.mapping).toEqual(['id', 'paid-till']);
    const report = await s.importMatch({ importId: sheet.importId, kind: 'paid-till', mapping: sheet.mapping, excludeRows: [], acceptRows: [] });
    expect(report.problems).toEqual([]);
    expect(report.items.map((i) => [i.objectId, i.value])).toEqual([
      [a!.Id, '2027-06-30'],
      [b!.Id, '2027-12-31'],
    ]);
  });

  it('a file named .xlsx that is not a workbook gets a clear error', async () => {
    const csv = join(dir, 'values.xlsx');
    writeFileSync(csv, 'IMEI,Odometer\n352000000000001,1200\n');
    await expect(read(csv)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^values\.xlsx could not be read as an XLSX workbook/) });
    // A zip archive that holds no workbook: opens as a zip, still not a workbook.
    const zip = join(dir, 'archive.xlsx');
    const other = new ExcelJS.Workbook();
    other.addWorksheet('x');
    const real = Buffer.from(await other.xlsx.writeBuffer());
    writeFileSync(zip, real.subarray(0, Math.floor(real.length / 2)));
    await expect(read(zip)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^archive\.xlsx could not be read as an XLSX workbook/) });
    const empty = join(dir, 'empty.xlsx');
    writeFileSync(empty, '');
    await expect(read(empty)).rejects.toMatchObject({ code: 'invalid_input', message: 'empty.xlsx is empty' });
  });
});
