/**
 * `npm run bench`: every figure of issue 13 in one run, each against its baseline or target.
 * `-- --check` exits non-zero when a target is missed; `-- --only import,peers` runs some suites;
 * `-- --json <file>` writes the rows (default bench-results.json). BENCHMARKS.md records the method
 * and the latest table. Suites: import, counts, peers, strategies, browser, huge, fleet.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { met, table, type Row } from './lib/harness';
import { browserSuite } from './suites/browser';
import { countsSuite } from './suites/counts';
import { fleetBrowserSuite } from './suites/fleet-browser';
import { fleetCliSuite } from './suites/fleet-cli';
import { hugeSuite } from './suites/huge';
import { importSuite } from './suites/import';
import { peersSuite } from './suites/peers';
import { strategiesSuite } from './suites/strategies';

const SUITES: Record<string, (rounds: number) => Promise<Row[]>> = {
  import: (r) => importSuite(r * 2 + 1),
  counts: (r) => countsSuite(r),
  peers: (r) => peersSuite(r),
  strategies: (r) => strategiesSuite(r),
  browser: () => browserSuite(),
  huge: () => hugeSuite(),
  fleet: () => fleetCliSuite(),
  'fleet-browser': () => fleetBrowserSuite(),
};

function parseArgs(argv: readonly string[]) {
  const out = { check: false, only: Object.keys(SUITES), json: 'bench-results.json', rounds: 3 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--check') out.check = true;
    else if (a === '--only') out.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (a === '--json') out.json = argv[++i] ?? out.json;
    else if (a === '--rounds') out.rounds = Number(argv[++i]);
    else {
      process.stderr.write(
        `unknown option "${a}"; expected --check, --only <${Object.keys(SUITES).join(',')}>, --json <file>, --rounds <n>\n`,
      );
      process.exit(2);
    }
  }
  for (const s of out.only)
    if (!(s in SUITES)) {
      process.stderr.write(`unknown suite "${s}"; expected ${Object.keys(SUITES).join(', ')}\n`);
      process.exit(2);
    }
  if (!Number.isInteger(out.rounds) || out.rounds < 1) {
    process.stderr.write('--rounds takes a whole number of at least 1\n');
    process.exit(2);
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const machine = `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
process.stdout.write(`machine: ${machine}\n`);
const rows: Row[] = [];
for (const name of args.only) {
  const t = performance.now();
  process.stdout.write(`\n## ${name}\n`);
  const got = await (SUITES[name] as (rounds: number) => Promise<Row[]>)(args.rounds);
  rows.push(...got);
  process.stdout.write(`${table(got)}\n`);
  for (const r of got) if (r.note) process.stdout.write(`- ${r.id}: ${r.note}\n`);
  process.stdout.write(`(${((performance.now() - t) / 1000).toFixed(0)} s)\n`);
}
const missed = rows.filter((r) => !met(r));
process.stdout.write(`\n## all\n${table(rows)}\n`);
writeFileSync(
  args.json,
  `${JSON.stringify({ date: new Date().toISOString(), machine, rows, missed: missed.map((r) => r.id) }, null, 2)}\n`,
);
process.stdout.write(
  `\n${rows.length - missed.length} of ${rows.length} targets met${missed.length ? `; missed: ${missed.map((r) => r.id).join(', ')}` : ''}; rows written to ${args.json}\n`,
);
if (args.check && missed.length > 0) process.exit(1);
