/**
 * A fleet's strategy comparison summed up: a fold over per-run results. The state keeps each run's
 * few numbers (not its steps), so folding shards and merging the states gives exactly what one fold
 * over every run gives: `mergeFleetFolds` is associative and commutative, and `finishFleetFold`
 * sorts by run index before it sums, so floating-point totals come out bit for bit the same however
 * the runs were split (the CLI's `--shard` + `merge` rely on it, and a test compares the bytes).
 */

/** A run's outcome as the file or a results file says it; `resolved` is null when nothing says. */
export interface FleetOutcome {
  /** What the file records (an exit status, `reward 1`), or null. */
  readonly label: string | null;
  readonly resolved: boolean | null;
  readonly reward: number | null;
}

export type OutcomeClass = 'resolved' | 'unresolved' | 'unknown';

export const OUTCOME_CLASSES: readonly OutcomeClass[] = ['resolved', 'unresolved', 'unknown'];

export function outcomeClassOf(o: FleetOutcome): OutcomeClass {
  return o.resolved === null ? 'unknown' : o.resolved ? 'resolved' : 'unresolved';
}

/** What one strategy does to one run, against sending everything (`none` before every call). */
export interface StrategyOnRun {
  /** The strategy as the user named it: a preset id or a strategy id. */
  readonly id: string;
  readonly inputTokens: number;
  readonly peakContextTokens: number;
  readonly savedTokens: number;
  /** savedTokens over the baseline's input tokens (0 on a run without calls). */
  readonly savedShare: number;
  /** Calls whose context is over the model's window. */
  readonly overflowCalls: number;
  /** Identifiers the run used later that the strategy's contexts no longer hold (lib/compare/identifiers.ts). */
  readonly lostIdentifiers: number;
  /** Null when the run's model has no price. */
  readonly costUsd: number | null;
  readonly uncachedCostUsd: number | null;
  /** Why the strategy could not run (its parameters); its numbers are then the baseline's. */
  readonly error?: string;
}

export interface RunBaseline {
  readonly inputTokens: number;
  readonly peakContextTokens: number;
  readonly overflowCalls: number;
  readonly costUsd: number | null;
  readonly uncachedCostUsd: number | null;
}

/** One run of the fleet as the CLI prints it (one JSON line). */
export interface FleetRun {
  /** Position among all runs, sorted by file path then run within the file: the shard key. */
  readonly index: number;
  readonly file: string;
  /** The run within its file (a results file of 115 runs has 0..114). */
  readonly run: number;
  readonly id: string;
  /** The benchmark task or instance the run solved, for pairing fleets. */
  readonly task: string;
  readonly model: string | null;
  readonly outcome: FleetOutcome;
  readonly steps: number;
  readonly calls: number;
  readonly baseline: RunBaseline;
  readonly strategies: readonly StrategyOnRun[];
}

/** The fold's state: each run's index, outcome and numbers. */
export interface FleetFold {
  readonly strategyIds: readonly string[];
  readonly runs: readonly FoldedRun[];
}

interface FoldedRun {
  readonly index: number;
  readonly outcome: OutcomeClass;
  readonly baseline: RunBaseline;
  readonly strategies: readonly StrategyOnRun[];
}

export function emptyFleetFold(strategyIds: readonly string[]): FleetFold {
  return { strategyIds, runs: [] };
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

export function foldFleetRun(fold: FleetFold, run: FleetRun): FleetFold {
  const ids = run.strategies.map((s) => s.id);
  if (!sameIds(ids, fold.strategyIds))
    throw new Error(
      `run ${run.index} was compared on ${ids.join(', ')}, the others on ${fold.strategyIds.join(', ')}`,
    );
  return {
    strategyIds: fold.strategyIds,
    runs: [
      ...fold.runs,
      {
        index: run.index,
        outcome: outcomeClassOf(run.outcome),
        baseline: run.baseline,
        strategies: run.strategies,
      },
    ],
  };
}

export function mergeFleetFolds(a: FleetFold, b: FleetFold): FleetFold {
  if (!sameIds(a.strategyIds, b.strategyIds))
    throw new Error(
      `shards compared different strategies: ${a.strategyIds.join(', ')} and ${b.strategyIds.join(', ')}`,
    );
  return { strategyIds: a.strategyIds, runs: [...a.runs, ...b.runs] };
}

/** Sums, shares and spreads over a set of runs, for one strategy. */
export interface StrategyTotals {
  readonly runs: number;
  readonly inputTokens: number;
  readonly baselineInputTokens: number;
  readonly savedTokens: number;
  /** Saved over the baseline, over all the runs together. */
  readonly savedShare: number;
  /** The runs' own saved shares: median, 10th and 90th percentile (null without runs). */
  readonly savedShareMedian: number | null;
  readonly savedShareP10: number | null;
  readonly savedShareP90: number | null;
  /** Runs with at least one call over the window. */
  readonly runsOverWindow: number;
  /** Runs where this strategy saved the most of the strategies compared (ties count for each). */
  readonly wins: number;
  readonly lostIdentifiers: number;
  readonly lostIdentifiersMedian: number | null;
  /** Runs whose model has a price: the costs below sum over these. */
  readonly pricedRuns: number;
  readonly costUsd: number;
  readonly uncachedCostUsd: number;
  readonly baselineCostUsd: number;
  readonly baselineUncachedCostUsd: number;
  /** Runs where the strategy could not run. */
  readonly errors: number;
}

export interface StrategyAggregate extends StrategyTotals {
  readonly id: string;
  readonly byOutcome: Readonly<Record<OutcomeClass, StrategyTotals>>;
}

export interface FleetAggregate {
  readonly runs: number;
  readonly byOutcome: Readonly<Record<OutcomeClass, number>>;
  readonly baseline: {
    readonly inputTokens: number;
    readonly runsOverWindow: number;
    readonly pricedRuns: number;
    readonly costUsd: number;
    readonly uncachedCostUsd: number;
  };
  /** Runs where no strategy saves anything: sending everything is as good as any of them. */
  readonly runsNothingSaves: number;
  readonly strategies: readonly StrategyAggregate[];
}

/**
 * The q-quantile of sorted values, interpolated linearly between the nearest ranks (numpy's default,
 * "type 7" in Hyndman & Fan 1996), so the median of an even count is the mean of the middle two.
 */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo] as number;
  return a + ((sorted[hi] as number) - a) * (at - lo);
}

/** Which strategies saved the most on a run: none when nothing saves a token. */
function winnersOf(run: FoldedRun): Set<number> {
  let best = 0;
  for (const s of run.strategies) if (!s.error && s.savedTokens > best) best = s.savedTokens;
  const out = new Set<number>();
  if (best > 0)
    run.strategies.forEach((s, i) => {
      if (!s.error && s.savedTokens === best) out.add(i);
    });
  return out;
}

function totalsOf(runs: readonly FoldedRun[], k: number): StrategyTotals {
  let inputTokens = 0;
  let baselineInputTokens = 0;
  let runsOverWindow = 0;
  let wins = 0;
  let lost = 0;
  let pricedRuns = 0;
  let costUsd = 0;
  let uncachedCostUsd = 0;
  let baselineCostUsd = 0;
  let baselineUncachedCostUsd = 0;
  let errors = 0;
  const shares: number[] = [];
  const losses: number[] = [];
  for (const run of runs) {
    const s = run.strategies[k] as StrategyOnRun;
    inputTokens += s.inputTokens;
    baselineInputTokens += run.baseline.inputTokens;
    if (s.overflowCalls > 0) runsOverWindow++;
    if (winnersOf(run).has(k)) wins++;
    lost += s.lostIdentifiers;
    if (s.error) errors++;
    shares.push(s.savedShare);
    losses.push(s.lostIdentifiers);
    if (s.costUsd !== null && run.baseline.costUsd !== null) {
      pricedRuns++;
      costUsd += s.costUsd;
      uncachedCostUsd += s.uncachedCostUsd ?? 0;
      baselineCostUsd += run.baseline.costUsd;
      baselineUncachedCostUsd += run.baseline.uncachedCostUsd ?? 0;
    }
  }
  shares.sort((a, b) => a - b);
  losses.sort((a, b) => a - b);
  const savedTokens = baselineInputTokens - inputTokens;
  return {
    runs: runs.length,
    inputTokens,
    baselineInputTokens,
    savedTokens,
    savedShare: baselineInputTokens > 0 ? savedTokens / baselineInputTokens : 0,
    savedShareMedian: quantile(shares, 0.5),
    savedShareP10: quantile(shares, 0.1),
    savedShareP90: quantile(shares, 0.9),
    runsOverWindow,
    wins,
    lostIdentifiers: lost,
    lostIdentifiersMedian: quantile(losses, 0.5),
    pricedRuns,
    costUsd,
    uncachedCostUsd,
    baselineCostUsd,
    baselineUncachedCostUsd,
    errors,
  };
}

export function finishFleetFold(fold: FleetFold): FleetAggregate {
  // Summed in run order, whatever order the shards came in: the bytes depend on the runs only.
  const runs = [...fold.runs].sort((a, b) => a.index - b.index);
  for (let i = 1; i < runs.length; i++)
    if ((runs[i] as FoldedRun).index === (runs[i - 1] as FoldedRun).index)
      throw new Error(`run ${(runs[i] as FoldedRun).index} is in two shards`);
  const byClass = (c: OutcomeClass) => runs.filter((r) => r.outcome === c);
  let costUsd = 0;
  let uncachedCostUsd = 0;
  let pricedRuns = 0;
  let inputTokens = 0;
  for (const r of runs) {
    inputTokens += r.baseline.inputTokens;
    if (r.baseline.costUsd !== null) {
      pricedRuns++;
      costUsd += r.baseline.costUsd;
      uncachedCostUsd += r.baseline.uncachedCostUsd ?? 0;
    }
  }
  return {
    runs: runs.length,
    byOutcome: {
      resolved: byClass('resolved').length,
      unresolved: byClass('unresolved').length,
      unknown: byClass('unknown').length,
    },
    baseline: {
      inputTokens,
      runsOverWindow: runs.filter((r) => r.baseline.overflowCalls > 0).length,
      pricedRuns,
      costUsd,
      uncachedCostUsd,
    },
    runsNothingSaves: runs.filter((r) => winnersOf(r).size === 0).length,
    strategies: fold.strategyIds.map((id, k) => ({
      id,
      ...totalsOf(runs, k),
      byOutcome: {
        resolved: totalsOf(byClass('resolved'), k),
        unresolved: totalsOf(byClass('unresolved'), k),
        unknown: totalsOf(byClass('unknown'), k),
      },
    })),
  };
}

/** The aggregate of runs in any order: the fold over each, finished. */
export function aggregateFleet(
  strategyIds: readonly string[],
  runs: readonly FleetRun[],
): FleetAggregate {
  return finishFleetFold(runs.reduce(foldFleetRun, emptyFleetFold(strategyIds)));
}
