/**
 * Run replay: an agent applies its strategy before every model call, so call k sees the strategy
 * applied to the history before it. For each call: its index, the context tokens it would have
 * received, and the run's total input tokens under the strategy (quadratic under `none`). Strategies
 * with a `replayTokens` fast path answer in linear time from cached per-step counts; the others
 * apply the strategy to each prefix (tests check the fast paths against that definition).
 */
import { isModelCall } from '../model/steps';
import type { Step } from '../model/types';
import type { HistoryLike, Strategy, StrategyContext } from '../strategies/types';

export interface ReplayCall {
  /** Index of the step the call produced; its context is the steps before it. */
  readonly stepIndex: number;
  readonly contextTokens: number;
}

export interface ReplayResult {
  readonly calls: readonly ReplayCall[];
  readonly totalInputTokens: number;
  readonly peakContextTokens: number;
  /** Calls whose context exceeded the context window. */
  readonly overflowCalls: number;
}

/** Indices of the steps produced by model calls. */
export function modelCallIndices(steps: readonly Step[]): number[] {
  const out: number[] = [];
  steps.forEach((s, i) => {
    if (isModelCall(s)) out.push(i);
  });
  return out;
}

export function replay<P>(
  history: HistoryLike,
  strategy: Strategy<P>,
  params: P,
  ctx: StrategyContext,
  options: { naive?: boolean } = {},
): ReplayResult {
  const callIndices = modelCallIndices(history.steps);
  let tokens = options.naive
    ? undefined
    : strategy.replayTokens?.(history, callIndices, params, ctx);
  if (tokens === undefined) {
    tokens = callIndices.map((k) => {
      const prefix = { ...history, steps: history.steps.slice(0, k) };
      return ctx.tokens.context(strategy.apply(prefix, params, ctx).steps);
    });
  }
  const calls = callIndices.map((stepIndex, i) => ({
    stepIndex,
    contextTokens: (tokens as number[])[i] as number,
  }));
  return { calls, ...callTotals(calls, ctx.contextWindow) };
}

/** A run's input over all its calls, its largest request, and the calls over the context window. */
export function callTotals(
  calls: readonly { readonly contextTokens: number }[],
  contextWindow: number,
): Omit<ReplayResult, 'calls'> {
  let total = 0;
  let peak = 0;
  let overflow = 0;
  for (const c of calls) {
    total += c.contextTokens;
    peak = Math.max(peak, c.contextTokens);
    if (c.contextTokens > contextWindow) overflow++;
  }
  return { totalInputTokens: total, peakContextTokens: peak, overflowCalls: overflow };
}
