/**
 * The paired view's chart and medians, prepared: per matched task the difference in input tokens
 * (fleet B minus fleet A), sorted from B's largest saving to its largest extra, each bar keeping who
 * solved the task so the chart colours them apart; and the medians of the per-task differences in
 * steps, input tokens and cost. Pure, and structural about its input (one object per task), so it
 * does not depend on lib/fleet/pair.ts's types.
 */

/** What the chart needs of one paired task. */
export interface PairPoint {
  readonly task: string;
  readonly diff: {
    readonly steps: number;
    readonly inputTokens: number;
    readonly costUsd: number | null;
  };
  /** Who solves it: both, a, b, neither, unknown. */
  readonly solved: string;
}

export interface PairBar {
  readonly task: string;
  readonly dInput: number;
  readonly solved: string;
}

/** One bar per task, B's savings first (most negative difference), ties by task id. */
export function preparePairBars(points: readonly PairPoint[]): PairBar[] {
  return points
    .map((p) => ({ task: p.task, dInput: p.diff.inputTokens, solved: p.solved }))
    .sort((x, y) => x.dInput - y.dInput || (x.task < y.task ? -1 : x.task > y.task ? 1 : 0));
}

export interface PairMedians {
  readonly steps: number | null;
  readonly inputTokens: number | null;
  /** Over the tasks priced on both sides; null when none is. */
  readonly costUsd: number | null;
  /** Tasks where B is cheaper in input tokens, and where it costs more. */
  readonly bLess: number;
  readonly bMore: number;
}

/** The middle value, or the mean of the middle two (as lib/fleet/aggregate.ts `quantile` at 0.5). */
function median(values: readonly number[]): number | null {
  const s = [...values].sort((x, y) => x - y);
  if (s.length === 0) return null;
  const mid = (s.length - 1) / 2;
  return ((s[Math.floor(mid)] as number) + (s[Math.ceil(mid)] as number)) / 2;
}

export function pairMedians(points: readonly PairPoint[]): PairMedians {
  const costs = points.flatMap((p) => (p.diff.costUsd === null ? [] : [p.diff.costUsd]));
  return {
    steps: median(points.map((p) => p.diff.steps)),
    inputTokens: median(points.map((p) => p.diff.inputTokens)),
    costUsd: median(costs),
    bLess: points.filter((p) => p.diff.inputTokens < 0).length,
    bMore: points.filter((p) => p.diff.inputTokens > 0).length,
  };
}
