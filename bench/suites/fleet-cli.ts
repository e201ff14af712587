/**
 * A fleet through the CLI (issue 26): 500 runs (~88 MB; bench/fleet-data.ts, copies of the 30 real
 * SWE-bench runs) compared on the eight presets of issue 13's table by
 * `stepscope compare <dir> --strategies … --jobs 2`, timed end to end in its own process (target
 * ≤ 60 s on this 2-core machine). Then where the time goes, on one thread in this process: reading
 * the fleet, counting it, sending everything (`none`, which every compare replays), and each
 * preset's compare over every run beyond that, so work on the strategies and the compares can be
 * credited row by row.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadFleet } from '../../cli/fleet-load';
import { runComputer, type FleetItem } from '../../cli/fleet-runs';
import { resolveStrategies } from '../../lib/fleet/choices';
import { countInParallel } from '../../lib/tokens/parallel';
import { createStepTokens } from '../../lib/tokens/step-tokens';
import { writeFleet } from '../fleet-data';
import { TS_REGISTER, type Row } from '../lib/harness';

const RUNS = 500;
const JOBS = 2;
/** Issue 13's eight framework presets (BENCHMARKS.md, "Latest table"). */
export const FLEET_PRESETS = [
  'strands-default',
  'anthropic-clear-tool-uses',
  'tinyagent-last-5',
  'claude-code-compact',
  'langchain-100k',
  'seed-001-threshold',
  'seed-002-window',
  'plan-step-summaries',
];

const CLI = new URL('../../cli/stepscope.ts', import.meta.url).pathname;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Milliseconds a piece of work took. */
function clocked(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

export async function fleetCliSuite(): Promise<Row[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stepscope-fleet-'));
  try {
    const files = await writeFleet(dir, RUNS);
    const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
    const t = performance.now();
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        TS_REGISTER,
        CLI,
        'compare',
        dir,
        '--strategies',
        FLEET_PRESETS.join(','),
        '--jobs',
        `${JOBS}`,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 30 },
    );
    const ms = performance.now() - t;
    const lines = run.stdout.trim().split('\n');
    const aggregate = JSON.parse(lines.at(-1) ?? '{}') as { line?: string; runs?: number };
    const ok = run.status === 0 && lines.length === RUNS + 1 && aggregate.line === 'aggregate';
    const parts = await breakdown(dir);
    return [
      {
        id: 'fleet-cli',
        what: `${RUNS} runs (${(bytes / 2 ** 20).toFixed(0)} MB) through \`stepscope compare --jobs ${JOBS}\`, the eight presets${ok ? '' : `: FAILED (exit ${run.status}: ${run.stderr.trim().split('\n').at(-1) ?? ''})`}`,
        value: ok ? ms : Number.POSITIVE_INFINITY,
        unit: 'ms',
        target: { op: '<=', value: 60_000 },
        note: `one thread, in this process: ${parts}`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The fleet's work on one thread: reading, counting, `none` alone, and each preset's compare over
 * every run less `none` (a compare replays `none` once for all its strategies).
 */
async function breakdown(dir: string): Promise<string> {
  const read = performance.now();
  const { runs } = await loadFleet([dir]);
  const readMs = performance.now() - read;
  const items: FleetItem[] = runs;
  const settings = { tokenizer: 'o200k_base' as const, dialect: 'recorded' as const };
  // One counter for the thread, as the CLI's threads have (runComputer makes it).
  const tokens = createStepTokens(settings.tokenizer, settings.dialect);
  const count = performance.now();
  await countInParallel(
    items.flatMap((i) => i.history.steps),
    tokens,
    [],
  );
  const countMs = performance.now() - count;
  const over = (ids: string[]) => {
    const compute = runComputer(
      { ...settings, choices: ids.length ? resolveStrategies(ids.join(',')) : [] },
      tokens,
    );
    return clocked(() => {
      for (const item of items) compute(item);
    });
  };
  const noneMs = over([]);
  const presets = FLEET_PRESETS.map((id) => `${id} ${seconds(Math.max(0, over([id]) - noneMs))}`);
  return `reading ${seconds(readMs)}, counting ${seconds(countMs)}, sending everything (none) ${seconds(noneMs)}; each preset's compare beyond it: ${presets.join(', ')}`;
}
