/** The command line's console: results on stdout, progress and questions on stderr. */
import { createInterface } from 'node:readline/promises';
import type { JobProgress } from '../../common/methods/jobs';
import type { CliIo } from './admin-cli-args';

export function progressLine(p: JobProgress): string {
  const eta = p.etaS === null ? '' : `, about ${p.etaS < 90 ? `${p.etaS} s` : `${Math.round(p.etaS / 60)} min`} left`;
  const rate = p.rate > 0 ? `, ${p.rate.toFixed(1)}/s` : '';
  return `${p.done}/${p.total} done, ${p.failed} failed, ${p.remaining} remaining${rate}${eta}${p.message ? ` — ${p.message}` : ''}`;
}

export function consoleIo(): CliIo {
  const tty = Boolean(process.stderr.isTTY);
  let last = 0;
  let open = false;
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => {
      if (open) process.stderr.write('\n');
      open = false;
      process.stderr.write(`${line}\n`);
    },
    progress: (p) => {
      const now = Date.now();
      const changed = p.state !== 'running' || p.remaining === 0;
      // A terminal gets one line rewritten in place; a log file a line every few seconds.
      if (!changed && now - last < (tty ? 250 : 3_000)) return;
      last = now;
      if (tty) {
        process.stderr.write(`\r\x1b[K${progressLine(p)}`);
        open = true;
      } else process.stderr.write(`${progressLine(p)}\n`);
    },
    ask: async (question) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return /^y(es)?$/i.test((await rl.question(question)).trim());
      } finally {
        rl.close();
      }
    },
    onInterrupt: (cb) => {
      const h = () => cb();
      process.on('SIGINT', h);
      return () => process.off('SIGINT', h);
    },
    end: () => {
      if (open) process.stderr.write('\n');
    },
  };
}
