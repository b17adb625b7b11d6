/** The command line's arguments, its console seam and its bad-input error (shared by its modules). */
import { parseArgs } from 'node:util';
import type { JobProgress } from '../../common/methods/jobs';

export const USAGE = `Usage: npm run admin -- <operation> [options]

Operations:
  odometer --file F            set odometers (km) from a CSV or XLSX file
  engine-hours --file F        set engine hours from a file
  setowner --company ID (--objects 1,2,3 | --file F)
  seticon --icon ID (--objects … | --file F)
  paid-till --date YYYY-MM-DD (--objects … | --file F)
  jobs                         list the jobs history
  resume JOB                   go on with a paused, stopped or interrupted job
  revert JOB                   set every changed object back to its previous value

Connection: --server URL --login L (password from FLEET_PASSWORD), or --profile NAME
            (a connection saved by browser mode in the data folder)
Options:    --data-dir DIR  --dry-run  --yes  --concurrency N  --result FILE.csv
Files are matched to objects by an Id, IMEI, plate or name column (guessed from the header).`;

export function options(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      company: { type: 'string' },
      objects: { type: 'string' },
      icon: { type: 'string' },
      date: { type: 'string' },
      server: { type: 'string' },
      login: { type: 'string' },
      profile: { type: 'string' },
      'data-dir': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      result: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}
export type CliValues = ReturnType<typeof options>['values'];

export class BadInput extends Error {}

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  progress(p: JobProgress): void;
  ask(question: string): Promise<boolean>;
  /** Calls back on Ctrl-C (the job is paused, not abandoned). */
  onInterrupt(cb: () => void): () => void;
  end(): void;
}
