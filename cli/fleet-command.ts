/**
 * `compare` and `merge`: a fleet's strategy comparison as JSON lines, one per run in the fleet's
 * order, then the aggregate (lib/fleet/aggregate.ts). `--shard k/n` computes the runs whose index
 * is k modulo n and prints their lines only; `merge` reads shards' lines and prints what the
 * unsharded command prints, byte for byte: the run lines in order, then the aggregate of them.
 * `--pair B` matches the fleet's runs with B's on their task and prints one line per task, then
 * who solves what and each fleet's aggregate over the matched tasks (lib/fleet/pair.ts).
 */
import { readFileSync } from 'node:fs';
import { aggregateFleet, type FleetRun } from '../lib/fleet/aggregate';
import { pairFleets } from '../lib/fleet/pair';
import { resolvedByTask } from '../lib/fleet/results';
import { taskIdOf } from '../lib/fleet/run';
import { computeInOrder, startFleetWorkers, whileLoading } from './fleet-pool';
import { loadFleet } from './fleet-load';
import type { FleetItem, FleetSettings } from './fleet-runs';
import { UsageError } from './read-paths';

export interface CompareFlags {
  readonly jobs: number;
  readonly shard?: { readonly k: number; readonly n: number };
  readonly results?: string;
  readonly pair?: string;
  readonly pairResults?: string;
}

type Write = (line: string) => void;

/** `k/n` with 0 ≤ k < n: the shard JOB_COMPLETION_INDEX names in a Kubernetes Indexed Job. */
export function parseShard(raw: string): { k: number; n: number } {
  const m = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const k = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || n < 1 || k >= n)
    throw new UsageError(`--shard takes k/n with 0 ≤ k < n (e.g. 0/3, 1/3, 2/3), not "${raw}"`);
  return { k, n };
}

export function parseJobs(raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--jobs takes a whole number of threads, 1 or more, not "${raw}"`);
  return n;
}

function readResults(path: string | undefined): Map<string, boolean> | undefined {
  if (path === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read the results file ${path}: ${(error as Error).message}`);
  }
  try {
    return resolvedByTask(value);
  } catch (error) {
    throw new UsageError(`${path}: ${(error as Error).message}`);
  }
}

async function fleetItems(
  paths: readonly string[],
  resultsPath: string | undefined,
  shard: { k: number; n: number } | undefined,
  warn: Write,
): Promise<{ items: FleetItem[]; total: number }> {
  const { runs, warnings, resolved: found } = await loadFleet(paths);
  for (const w of warnings) warn(w);
  // --results names the verdicts; without it, a results file read among the runs gives them.
  const resolved = readResults(resultsPath) ?? found;
  const mine = shard ? runs.filter((r) => r.place.index % shard.n === shard.k) : runs;
  return {
    total: runs.length,
    items: mine.map((r) => {
      const verdict = resolved?.get(taskIdOf(r.history));
      return { ...r, ...(verdict === undefined ? {} : { resolved: verdict }) };
    }),
  };
}

const runLine = (run: FleetRun, of: number) =>
  JSON.stringify({ command: 'compare', line: 'run', of, ...run });

const aggregateLine = (ids: readonly string[], runs: readonly FleetRun[]) =>
  JSON.stringify({ command: 'compare', line: 'aggregate', ...aggregateFleet(ids, runs) });

export async function compareCommand(
  paths: readonly string[],
  settings: FleetSettings,
  flags: CompareFlags,
  write: Write,
  warn: Write,
): Promise<void> {
  const ids = settings.choices.map((c) => c.id);
  const pair = flags.pair;
  if (pair !== undefined) {
    if (flags.shard) throw new UsageError('--pair compares two whole fleets: it takes no --shard');
    const workers = startFleetWorkers(settings, flags.jobs);
    const [a, b] = await whileLoading(workers, async () => [
      await fleetItems(paths, flags.results, undefined, warn),
      await fleetItems([pair], flags.pairResults, undefined, warn),
    ]);
    const runs: FleetRun[] = [];
    await computeInOrder(
      [...a.items, ...b.items],
      settings,
      flags.jobs,
      (r) => runs.push(r),
      workers,
    );
    const runsA = runs.slice(0, a.items.length);
    const runsB = runs.slice(a.items.length);
    const { tasks, summary } = pairFleets(runsA, runsB);
    for (const t of tasks) write(JSON.stringify({ command: 'compare', line: 'pair', ...t }));
    const matched = new Set(tasks.map((t) => t.task));
    const on = (rs: FleetRun[]) =>
      aggregateFleet(
        ids,
        rs.filter((r) => matched.has(r.task)),
      );
    write(
      JSON.stringify({
        command: 'compare',
        line: 'pair-summary',
        ...summary,
        a: { path: paths.join(' '), fleetRuns: runsA.length, ...on(runsA) },
        b: { path: pair, fleetRuns: runsB.length, ...on(runsB) },
      }),
    );
    return;
  }
  // The workers load while the fleet is read.
  const workers = startFleetWorkers(settings, flags.jobs);
  const { items, total } = await whileLoading(workers, () =>
    fleetItems(paths, flags.results, flags.shard, warn),
  );
  const runs: FleetRun[] = [];
  await computeInOrder(
    items,
    settings,
    flags.jobs,
    (r) => {
      runs.push(r);
      write(runLine(r, total));
    },
    workers,
  );
  // A shard prints its runs only: the aggregate is merge's, over every shard's runs.
  if (!flags.shard) write(aggregateLine(ids, runs));
}

/** Shards' lines (files, or standard input when none is named) back into the unsharded output. */
export function mergeCommand(texts: readonly { name: string; text: string }[], write: Write): void {
  const byIndex = new Map<number, { line: string; run: FleetRun; of: number }>();
  for (const { name, text } of texts) {
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      let value: { command?: unknown; line?: unknown; of?: unknown } & FleetRun;
      try {
        value = JSON.parse(line);
      } catch {
        throw new UsageError(`${name}:${i + 1}: not a JSON line`);
      }
      if (value.command !== 'compare' || value.line !== 'run') return;
      if (byIndex.has(value.index))
        throw new UsageError(`${name}:${i + 1}: run ${value.index} is in two shards`);
      byIndex.set(value.index, { line, run: value, of: Number(value.of) });
    });
  }
  const entries = [...byIndex.values()].sort((x, y) => x.run.index - y.run.index);
  if (entries.length === 0) throw new UsageError('merge: no run lines of `stepscope compare`');
  const of = (entries[0] as { of: number }).of;
  const missing = Array.from({ length: of }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length > 0 || entries.length !== of)
    throw new UsageError(
      `merge: ${missing.length} of the fleet's ${of} runs are missing (first: run ${missing[0]}): is a shard missing?`,
    );
  const ids = (entries[0] as { run: FleetRun }).run.strategies.map((s) => s.id);
  for (const e of entries) write(e.line);
  try {
    write(
      aggregateLine(
        ids,
        entries.map((e) => e.run),
      ),
    );
  } catch (error) {
    throw new UsageError(`merge: ${(error as Error).message}`);
  }
}
