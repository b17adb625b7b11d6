/** npm run simulator -- --port N --objects N --seed N [--token-ttl S] [--history-max-days D] [--history-hz H] [--dense N] [--host H] [--control-port N] */
import { startSimulator, type StartOptions } from './index';

const HELP = `Fleet simulator
  --port N              port (default 8080; 0 = ephemeral)
  --host H              address to bind (default 127.0.0.1)
  --objects N           number of objects (default 200, up to 50000+)
  --seed N              world seed (default 1)
  --token-ttl S         token lifetime, seconds (default 1800)
  --history-max-days D  longest ObjectsHistory interval (default 31)
  --history-hz H        history sampling rate while moving (default 1)
  --dense N             objects 1..N drive around the clock (default 1)
  --command-delay MS    delay before a command outcome event (default 3000)
  --hostile-names       names, event texts and addresses from the hostile-text corpus
  --shapes deployed     answer like deployed servers (legacy status, strings, broken commas)
  --control-port N      port of the /__sim/ control listener, open through outages (default 0: a free one)
  --clock-offset-ms N   the clock starts N ms off the real one (negative: behind); POST /__sim/clock {"offsetMs"} moves it forward`;

function parse(argv: string[]): StartOptions {
  const o: StartOptions = { port: 8080 };
  const num = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isFinite(n)) throw new Error(`${flag} needs a number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.includes('=') ? (a.split('=', 2) as [string, string]) : [a, undefined];
    const val = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--port': o.port = num(flag, val()); break;
      case '--host': o.host = val(); break;
      case '--objects': o.objects = num(flag, val()); break;
      case '--seed': o.seed = num(flag, val()); break;
      case '--token-ttl': o.tokenTtlS = num(flag, val()); break;
      case '--history-max-days': o.historyMaxDays = num(flag, val()); break;
      case '--history-hz': o.historyHz = num(flag, val()); break;
      case '--dense': o.dense = num(flag, val()); break;
      case '--command-delay': o.commandDelayMs = num(flag, val()); break;
      case '--hostile-names': o.hostileNames = true; break;
      case '--shapes': { const v = val(); if (v !== 'deployed' && v !== 'documented') throw new Error('--shapes is deployed or documented'); o.shapes = v; break; }
      case '--control-port': o.controlPort = num(flag, val()); break;
      case '--clock-offset-ms': o.clockOffsetMs = num(flag, val()); break;
      case '--help': case '-h': console.log(HELP); process.exit(0); break;
      default: throw new Error(`Unknown option ${a}\n${HELP}`);
    }
  }
  return o;
}

try {
  const h = await startSimulator(parse(process.argv.slice(2)));
  console.log(`Fleet simulator: ${h.baseUrl}`);
  console.log(`Fleet simulator control (/__sim/, open during outages): ${h.controlUrl}`);
  const bye = (): void => void h.close().then(() => process.exit(0));
  process.on('SIGINT', bye);
  process.on('SIGTERM', bye);
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}
