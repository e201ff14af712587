/**
 * Two fleets of one benchmark matched task by task (two models' submissions, one agent before and
 * after a change): per task the difference in steps, input tokens, cost and outcome, and which
 * tasks only one side solves. Asked for by Inspect users (inspect_ai#1327, #2176) and Phoenix's
 * (phoenix#8852); a task run several times on one side (tau-bench trials) is matched on its first run.
 */
import { quantile, type FleetRun } from './aggregate';

/** Who solves the task: both, one side, neither, or unknown (an outcome not recorded). */
export type PairSolved = 'both' | 'a' | 'b' | 'neither' | 'unknown';

export interface PairSide {
  readonly index: number;
  readonly file: string;
  readonly steps: number;
  readonly calls: number;
  readonly inputTokens: number;
  readonly costUsd: number | null;
  readonly resolved: boolean | null;
}

export interface PairedTask {
  readonly task: string;
  readonly a: PairSide;
  readonly b: PairSide;
  /** B minus A; cost null unless both are priced. */
  readonly diff: {
    readonly steps: number;
    readonly calls: number;
    readonly inputTokens: number;
    readonly costUsd: number | null;
  };
  readonly solved: PairSolved;
}

export interface PairSummary {
  readonly matched: number;
  /** Tasks one fleet ran and the other did not. */
  readonly onlyInA: readonly string[];
  readonly onlyInB: readonly string[];
  readonly bothSolve: number;
  readonly neitherSolves: number;
  readonly onlyASolves: readonly string[];
  readonly onlyBSolves: readonly string[];
  readonly unknown: number;
  /** Over the matched tasks, B minus A: totals and the median per task. */
  readonly diff: {
    readonly steps: number;
    readonly inputTokens: number;
    readonly costUsd: number | null;
    readonly stepsMedian: number | null;
    readonly inputTokensMedian: number | null;
  };
}

function sideOf(r: FleetRun): PairSide {
  return {
    index: r.index,
    file: r.file,
    steps: r.steps,
    calls: r.calls,
    inputTokens: r.baseline.inputTokens,
    costUsd: r.baseline.costUsd,
    resolved: r.outcome.resolved,
  };
}

function solvedOf(a: boolean | null, b: boolean | null): PairSolved {
  if (a === null || b === null) return 'unknown';
  if (a && b) return 'both';
  if (a) return 'a';
  if (b) return 'b';
  return 'neither';
}

/** The first run of each task, in run order. */
function byTask(runs: readonly FleetRun[]): Map<string, FleetRun> {
  const out = new Map<string, FleetRun>();
  for (const r of [...runs].sort((x, y) => x.index - y.index))
    if (!out.has(r.task)) out.set(r.task, r);
  return out;
}

const byCodeUnit = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Tasks in both fleets, sorted by task id (code-unit order, the same on every machine). */
export function pairFleets(
  a: readonly FleetRun[],
  b: readonly FleetRun[],
): { tasks: PairedTask[]; summary: PairSummary } {
  const ma = byTask(a);
  const mb = byTask(b);
  const tasks: PairedTask[] = [...ma.keys()]
    .filter((t) => mb.has(t))
    .sort(byCodeUnit)
    .map((task) => {
      const ra = sideOf(ma.get(task) as FleetRun);
      const rb = sideOf(mb.get(task) as FleetRun);
      return {
        task,
        a: ra,
        b: rb,
        diff: {
          steps: rb.steps - ra.steps,
          calls: rb.calls - ra.calls,
          inputTokens: rb.inputTokens - ra.inputTokens,
          costUsd: ra.costUsd !== null && rb.costUsd !== null ? rb.costUsd - ra.costUsd : null,
        },
        solved: solvedOf(ra.resolved, rb.resolved),
      };
    });
  const count = (s: PairSolved) => tasks.filter((t) => t.solved === s).length;
  const priced = tasks.every((t) => t.diff.costUsd !== null);
  const sorted = (f: (t: PairedTask) => number) => tasks.map(f).sort((x, y) => x - y);
  return {
    tasks,
    summary: {
      matched: tasks.length,
      onlyInA: [...ma.keys()].filter((t) => !mb.has(t)).sort(byCodeUnit),
      onlyInB: [...mb.keys()].filter((t) => !ma.has(t)).sort(byCodeUnit),
      bothSolve: count('both'),
      neitherSolves: count('neither'),
      onlyASolves: tasks.filter((t) => t.solved === 'a').map((t) => t.task),
      onlyBSolves: tasks.filter((t) => t.solved === 'b').map((t) => t.task),
      unknown: count('unknown'),
      diff: {
        steps: tasks.reduce((n, t) => n + t.diff.steps, 0),
        inputTokens: tasks.reduce((n, t) => n + t.diff.inputTokens, 0),
        costUsd:
          tasks.length > 0 && priced
            ? tasks.reduce((n, t) => n + (t.diff.costUsd as number), 0)
            : null,
        stepsMedian: quantile(
          sorted((t) => t.diff.steps),
          0.5,
        ),
        inputTokensMedian: quantile(
          sorted((t) => t.diff.inputTokens),
          0.5,
        ),
      },
    },
  };
}
