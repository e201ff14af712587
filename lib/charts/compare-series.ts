/**
 * Chart series for a comparison (recharts renders them as they are): per model call, each
 * strategy's context size, its cumulative input tokens, its cumulative bill with prompt caching
 * (and without), what it has saved against `none` so far, and whether it ran since the previous
 * call (the sawtooth's drops). Long runs are bucketed to at most `maxPoints` points (the largest
 * context in a bucket, the cumulative values at its end), so the chart stays fast.
 */
import type { RunCost } from '../simulate/cache';
import type { Comparison } from '../compare/compare';

export interface ComparePoint {
  /** 1-based model call number (the bucket's last call when bucketed). */
  readonly call: number;
  /** The step index the call produced (its context is the steps before it). */
  readonly stepIndex: number;
  /** Keys: `none`, and `c<i>` for column i. */
  readonly context: Readonly<Record<string, number>>;
  readonly cumulative: Readonly<Record<string, number>>;
  readonly saved: Readonly<Record<string, number>>;
  /** Cumulative USD with prompt caching, and without (present with the runs' bills). */
  readonly cost: Readonly<Record<string, number>>;
  readonly uncachedCost: Readonly<Record<string, number>>;
  /** Keys of the strategies that ran within this point's calls. */
  readonly applied: readonly string[];
}

/** `costs` are the runs' bills in `comparisonCosts` order (none first), when there is a price. */
export function prepareCompareSeries(
  cmp: Comparison,
  maxPoints = 600,
  costs?: readonly (RunCost | undefined)[],
): ComparePoint[] {
  const calls = cmp.baseline.calls;
  const keys = ['none', ...cmp.columns.map((_, i) => `c${i}`)];
  const runs = [cmp.baseline, ...cmp.columns.map((c) => c.replay)];
  const totals = keys.map(() => 0);
  const spent = keys.map(() => 0);
  const uncached = keys.map(() => 0);
  const bucket = Math.max(1, Math.ceil(calls.length / maxPoints));
  const out: ComparePoint[] = [];
  let peak: number[] = keys.map(() => 0);
  let applied = new Set<string>();
  calls.forEach((call, k) => {
    runs.forEach((r, j) => {
      const c = r?.calls[k];
      const tokens = c?.contextTokens ?? 0;
      totals[j] = (totals[j] as number) + tokens;
      peak[j] = Math.max(peak[j] as number, tokens);
      if (c?.applied && j > 0) applied.add(keys[j] as string);
      const bill = costs?.[j]?.calls[k];
      if (bill) {
        spent[j] = (spent[j] as number) + bill.costUsd;
        uncached[j] = (uncached[j] as number) + bill.uncachedCostUsd;
      }
    });
    if ((k + 1) % bucket !== 0 && k !== calls.length - 1) return;
    const pick = (values: readonly number[]) =>
      Object.fromEntries(
        keys.flatMap((key, j) => (j > 0 && !runs[j] ? [] : [[key, values[j] as number]])),
      );
    out.push({
      call: k + 1,
      stepIndex: call.stepIndex,
      context: pick(peak),
      cumulative: pick(totals),
      saved: pick(totals.map((t) => (totals[0] as number) - t)),
      cost: costs ? pick(spent) : {},
      uncachedCost: costs ? pick(uncached) : {},
      applied: [...applied],
    });
    peak = keys.map(() => 0);
    applied = new Set();
  });
  return out;
}
