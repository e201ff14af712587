/**
 * A parameter sweep: one strategy run at each value of one of its numbers (a window 10..200, a
 * budget 20k..200k, a trigger's threshold), each point its cost (cached, and uncached) against the
 * information it loses (identifiers a later call used that were cut), with the knee of that
 * cost-vs-loss curve marked: past it, paying more buys little. The knee is Kneedle's (Satopää et
 * al. 2011): on both axes normalized, the point farthest from the line joining the curve's ends.
 */
import type { HistoryLike, StrategyContext } from '../strategies/types';
import { getStrategy } from '../strategies';
import { runCost, type PriceSheet } from '../simulate/cache';
import { simulate } from '../simulate/simulate';
import { none } from '../strategies/none';
import { modelCallIndices } from '../model/steps';
import { compareColumn, lossCallsOf } from './compare';
import { runOf, type StrategyChoice } from './config';
import { paramFields } from './param-fields';

export interface SweepPoint {
  readonly value: number;
  readonly inputTokens: number;
  readonly costUsd?: number;
  readonly uncachedCostUsd?: number;
  readonly lost: number;
  readonly overflowCalls: number;
  /** Steps the final context no longer has whole (truncated, removed or summarized). */
  readonly cut: number;
  /** Why this value was refused, if it was. */
  readonly error?: string;
}

export interface SweepResult {
  readonly param: string;
  readonly points: readonly SweepPoint[];
  /** Index into `points` of the knee, when the curve has one. */
  readonly knee?: number;
}

/** What a choice can sweep: its numeric parameters, and its trigger's number as `trigger.<key>`. */
export function sweepableParams(
  choice: StrategyChoice,
): { name: string; integer: boolean; min?: number; max?: number; current?: number }[] {
  const out: { name: string; integer: boolean; min?: number; max?: number; current?: number }[] =
    [];
  try {
    for (const f of paramFields(getStrategy(choice.strategyId))) {
      if (f.kind !== 'integer' && f.kind !== 'number') continue;
      const current = choice.params[f.name] ?? f.default;
      out.push({
        name: f.name,
        integer: f.kind === 'integer',
        ...(f.min !== undefined ? { min: f.min } : {}),
        ...(f.max !== undefined ? { max: f.max } : {}),
        ...(typeof current === 'number' ? { current } : {}),
      });
    }
    const trigger = runOf(choice).trigger as Record<string, unknown>;
    for (const key of ['threshold', 'tokens', 'k'])
      if (typeof trigger[key] === 'number')
        out.push({
          name: `trigger.${key}`,
          integer: true,
          min: key === 'k' ? 1 : 0,
          current: trigger[key] as number,
        });
  } catch {
    // An unknown strategy or a refused run config has nothing to sweep.
  }
  return out;
}

/** `count` values evenly from `from` to `to` (rounded for integers, repeats dropped). */
export function sweepValues(from: number, to: number, count: number, integer: boolean): number[] {
  const n = Math.max(2, Math.min(50, Math.round(count)));
  const values = Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1)).map((v) =>
    integer ? Math.round(v) : Number(v.toPrecision(6)),
  );
  return [...new Set(values)];
}

/** The choice with `param` set to `value` (a trigger's number goes into its run config). */
export function withParam(choice: StrategyChoice, param: string, value: number): StrategyChoice {
  if (param.startsWith('trigger.')) {
    const run = runOf(choice);
    return {
      ...choice,
      run: {
        ...run,
        trigger: { ...run.trigger, [param.slice('trigger.'.length)]: value } as typeof run.trigger,
      },
    };
  }
  return { ...choice, params: { ...choice.params, [param]: value } };
}

/** Kneedle on (x, y) points: normalize, take the point farthest from the chord between the ends. */
export function kneeIndex(points: readonly { x: number; y: number }[]): number | undefined {
  if (points.length < 3) return undefined;
  const order = points.map((p, i) => ({ ...p, i })).sort((a, b) => a.x - b.x);
  const xs = order.map((p) => p.x);
  const ys = order.map((p) => p.y);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  if (x1 === x0 || y1 === y0) return undefined;
  const norm = order.map((p) => ({ x: (p.x - x0) / (x1 - x0), y: (p.y - y0) / (y1 - y0), i: p.i }));
  const a = norm[0] as { x: number; y: number };
  const b = norm[norm.length - 1] as { x: number; y: number };
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  let best: { i: number; d: number } | undefined;
  for (const p of norm.slice(1, -1)) {
    const d = Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / length;
    if (!best || d > best.d) best = { i: p.i, d };
  }
  return best && best.d > 0.05 ? best.i : undefined;
}

export function runSweep(
  history: HistoryLike,
  choice: StrategyChoice,
  param: string,
  values: readonly number[],
  ctx: StrategyContext,
  sheet?: PriceSheet,
  onProgress?: (done: number) => void,
): SweepResult {
  const baseline = simulate(history, none, {}, ctx);
  const lossCalls = lossCallsOf(modelCallIndices(history.steps), history.steps.length);
  const points = values.map((value, i): SweepPoint => {
    const col = compareColumn(history, withParam(choice, param, value), ctx, baseline, lossCalls);
    onProgress?.(i + 1);
    if (col.error || !col.replay)
      return {
        value,
        inputTokens: 0,
        lost: 0,
        overflowCalls: 0,
        cut: 0,
        error: col.error ?? 'no result',
      };
    const cost = sheet ? runCost(col.replay.calls, sheet) : undefined;
    return {
      value,
      inputTokens: col.replay.totalInputTokens,
      ...(cost ? { costUsd: cost.costUsd, uncachedCostUsd: cost.uncachedCostUsd } : {}),
      lost: col.lost.length,
      overflowCalls: col.replay.overflowCalls,
      cut: col.counts.truncated + col.counts.removed + col.counts.summarized,
    };
  });
  const valid = points.map((p, i) => ({ p, i })).filter(({ p }) => !p.error);
  const knee = kneeIndex(valid.map(({ p }) => ({ x: p.costUsd ?? p.inputTokens, y: p.lost })));
  return {
    param,
    points,
    ...(knee !== undefined ? { knee: (valid[knee] as { i: number }).i } : {}),
  };
}
