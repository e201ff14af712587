/**
 * The default run, stateless before every call: call k's context is the strategy applied to the
 * steps before it (seed 001's loop pruning before each call, on the full history). By definition
 * that is one application per call (`contextsByDefinition`, quadratic); a strategy's `replayTokens`
 * gives the same context tokens in linear time from cached per-step counts, and the tests hold it
 * and the engine (simulate.ts) to the definition (test/strategies.property.test.ts,
 * simulate.test.ts). `simulate` takes the fast replay when asked for contexts only, and on long
 * runs, where `replayShared` gives every call's shared prefix exactly (lib/README.md "Simulation
 * choices"). Recorded context events are not applied here: `simulate` comes here only for runs that
 * record none.
 */
import { modelCallIndices } from '../model/steps';
import type { Step } from '../model/types';
import type { ContextView, HistoryLike, Strategy, StrategyContext } from '../strategies/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { ranTimes, type RunConfig } from './run-config';
import {
  callTotals,
  type RunContexts,
  type SimCall,
  type SimulatedRun,
  type SimulateOptions,
} from './types';

/** Above this many step visits (calls × steps), a stateless every-call run is replayed, not run call by call. */
export const EXACT_PREFIX_BUDGET = 600_000;

/** The definition: each call's context is the strategy applied to the steps before it, counted whole. */
export function contextsByDefinition<P>(
  history: HistoryLike,
  strategy: Strategy<P>,
  params: P,
  ctx: StrategyContext,
): RunContexts {
  const callIdx = modelCallIndices(history.steps);
  const prefix = (k: number) => ({ ...history, steps: history.steps.slice(0, k) });
  const tokens = callIdx.map((k) =>
    ctx.tokens.context(strategy.apply(prefix(k), params, ctx).steps),
  );
  return runContexts(callIdx, tokens, ctx);
}

/** The calls' contexts and the run's totals, `tokens[i]` the context of call `callIdx[i]`. */
export function runContexts(
  callIdx: readonly number[],
  tokens: readonly number[],
  ctx: StrategyContext,
): RunContexts {
  const calls = callIdx.map((stepIndex, i) => ({ stepIndex, contextTokens: tokens[i] as number }));
  return { calls, ...callTotals(calls, ctx.contextWindow) };
}

/**
 * A long run, for a strategy with exact fast replays: each call's tokens from `replayTokens`, its
 * shared prefix from `replayShared` (both held to applying the strategy before every call by the
 * property tests), without applying the strategy per call.
 */
export function replayedRun<P>(
  history: HistoryLike,
  strategy: Strategy<P>,
  params: P,
  ctx: StrategyContext,
  run: RunConfig,
  callIdx: readonly number[],
  tokens: readonly number[],
  shares: readonly number[],
  options: SimulateOptions,
): SimulatedRun {
  const at = (k: number) =>
    strategy.apply({ ...history, steps: history.steps.slice(0, k) }, params, ctx).steps;
  const calls: SimCall[] = callIdx.map((stepIndex, c) => {
    const ts = (history.steps[stepIndex] as Step).timestamp;
    return {
      stepIndex,
      contextTokens: tokens[c] as number,
      sharedPrefixTokens: shares[c] as number,
      applied: true,
      ...(ts !== undefined ? { timestamp: ts } : {}),
    };
  });
  const contexts = new Map<number, readonly Step[]>();
  const built = strategy.replayContexts?.(history, params, ctx);
  const contextAt = built ?? at;
  const views = options.onCall ? strategy.replayViews?.(history, params, ctx) : undefined;
  const handed = !options.onCall
    ? false
    : views
      ? eachView(callIdx, views, options.onCall)
      : eachContext(
          callIdx,
          built ? EACH_CONTEXT_BUDGET : EXACT_PREFIX_BUDGET,
          contextAt,
          options.onCall,
        );
  // A caller handed every call's context has seen them all (the kept ones serve its fallback).
  if (!handed) for (const k of options.keepContextsAt ?? []) contexts.set(k, contextAt(k));
  const final = strategy.apply(history, params, ctx);
  // Each application runs on the whole history before the call: that is the context it started from.
  const full = [REPLY_PRIMING_TOKENS];
  history.steps.forEach((s, i) => full.push((full[i] as number) + ctx.tokens.step(s)));
  return {
    run,
    calls,
    ...callTotals(calls, ctx.contextWindow),
    applications: calls.map((c) => ({
      atStep: c.stepIndex,
      beforeTokens: full[c.stepIndex] as number,
      afterTokens: c.contextTokens,
    })),
    final: {
      ...final,
      notes: [ranTimes(calls.length, run), ...final.notes],
    },
    contexts,
  };
}

/**
 * Step visits (Σ context lengths) up to which every call's context of a long stateless run is built
 * from the strategy's `replayContexts` for `onCall`: measured on 10,000 calls of tau-bench content,
 * 30 ns a visit for clear-tool-uses and 450 for plan-step summaries, so at most about 0.9 s; without
 * one, each context is an application, and `EXACT_PREFIX_BUDGET` holds.
 */
export const EACH_CONTEXT_BUDGET = 2_000_000;

/**
 * Every call's context handed to `onCall` in order from the strategy's `replayViews`, each read in
 * place with its unchanged lead (or the steps that left and entered it), while the fold's work (the
 * steps after the unchanged lead of the previous context and of this one, or those that left and
 * entered) stays within `EACH_CONTEXT_BUDGET`: a context costs what changed, however long the run.
 */
function eachView(
  callIdx: readonly number[],
  views: (k: number) => ContextView,
  onCall: NonNullable<SimulateOptions['onCall']>,
): boolean {
  let work = 0;
  let before = 0;
  for (const k of callIdx) {
    const { context, unchanged, changes } = views(k);
    if (changes) {
      work += changes.leaving.length + changes.entering.length;
      // A summary entering is scanned whole: its characters count, a visit per 100.
      for (const s of changes.entering) if (s.kind === 'summary') work += s.content.length / 100;
      if (work > EACH_CONTEXT_BUDGET) return false;
      onCall(k, context, unchanged, changes);
      continue;
    }
    work += before + context.length - 2 * Math.min(unchanged, before, context.length);
    if (work > EACH_CONTEXT_BUDGET) return false;
    onCall(k, context, unchanged);
    before = context.length;
  }
  return true;
}

/** Every call's context handed to `onCall` in order, when building them all stays within `budget`. */
function eachContext(
  callIdx: readonly number[],
  budget: number,
  contextAt: (k: number) => readonly Step[],
  onCall: NonNullable<SimulateOptions['onCall']>,
): boolean {
  let visits = 0;
  for (const k of callIdx) visits += k;
  if (visits > budget) return false;
  for (const k of callIdx) onCall(k, contextAt(k), 0);
  return true;
}
