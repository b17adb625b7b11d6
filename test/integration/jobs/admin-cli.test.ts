/** The command line in process against the simulator: exit codes, --dry-run sends nothing. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { main } from '../../../main/host/admin-cli';
import type { CliIo } from '../../../main/host/admin-cli-args';

function io(answer = false) {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), progress: () => {}, ask: async () => answer, onInterrupt: () => () => {}, end: () => {} };
  return { cli, out, err };
}

describe('npm run admin', () => {
  let sim: SimulatorHandle;
  let dir: string;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 3, objects: 30 });
    dir = mkdtempSync(join(tmpdir(), 'fleet-cli-'));
    process.env.FLEET_PASSWORD = 'admin';
  }, 60_000);
  afterAll(async () => {
    delete process.env.FLEET_PASSWORD;
    await sim?.close();
  });
  const conn = () => ['--server', sim.baseUrl, '--login', 'admin', '--data-dir', dir];

  it('--dry-run prints the preview and sends nothing; exit 0', async () => {
    writeFileSync(join(dir, 'a.csv'), 'Id,Engine hours\n1,9000\n2,9100\n');
    sim.clearWriteLog();
    const t = io();
    expect(await main(['engine-hours', '--file', join(dir, 'a.csv'), '--dry-run', ...conn()], t.cli)).toBe(0);
    expect(t.out.slice(1).map((l) => l.split('\t').slice(1, 2)[0])).toEqual(['1', '2']);
    expect(t.out[1]).toMatch(/9000 h$/);
    expect(sim.writeLog()).toEqual([]);
  });

  it('exit 2 on bad input: unreadable file, no match column, unknown company; declining sends nothing', async () => {
    expect(await main(['odometer', '--file', join(dir, 'missing.csv'), ...conn()], io().cli)).toBe(2);
    writeFileSync(join(dir, 'b.csv'), 'Colour,Odometer\nred,5\n');
    const t = io();
    expect(await main(['odometer', '--file', join(dir, 'b.csv'), '--yes', ...conn()], t.cli)).toBe(2);
    expect(t.err.join('\n')).toMatch(/Id, IMEI, plate or name/);
    expect(await main(['setowner', '--company', '999', '--objects', '1,2', '--yes', ...conn()], io().cli)).toBe(2);
    sim.clearWriteLog();
    expect(await main(['seticon', '--icon', '2', '--objects', '1,2', ...conn()], io(false).cli)).toBe(1);
    expect(sim.writeLog()).toEqual([]);
  });

  it('exit 0 when every item is done, 1 when any failed; jobs lists them', async () => {
    sim.clearWriteLog();
    expect(await main(['paid-till', '--date', '2030-01-31', '--objects', '1,2,3', '--yes', ...conn()], io().cli)).toBe(0);
    expect(sim.writeLog().filter((w) => w.path === '/api/Objects/payedtill')).toHaveLength(3);
    // Icon 99999 does not exist: the service answers 404 for each item.
    expect(await main(['seticon', '--icon', '99999', '--objects', '1,2', '--yes', ...conn()], io().cli)).toBe(1);
    const t = io();
    expect(await main(['jobs', '--data-dir', dir], t.cli)).toBe(0);
    expect(t.out.some((l) => /\tdone\tpaid-till\t3\/3 done/.test(l))).toBe(true);
    expect(t.out.some((l) => /\tfailed\ticon\t0\/2 done, 2 failed/.test(l))).toBe(true);
  });
});
