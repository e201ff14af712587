/**
 * Several strategies over the same history: each one's result (what it keeps, cuts, truncates,
 * summarizes), its replay over the whole run against `none`, its warnings, and the identifiers it
 * loses. Everything here is derived from the history, the choices and the context; the UI only
 * renders it, and the worker runs it for large histories.
 */
import type { Step } from '../model/types';
import { modelCallIndices } from '../model/steps';
import { DEFAULT_RUN, isDefaultRun, type RunConfig } from '../simulate/run-config';
import { simulate, simulatedContextAt, type SimulatedRun } from '../simulate/simulate';
import { getStrategy, parseParams } from '../strategies';
import { none } from '../strategies/none';
import type {
  ContextChanges,
  FateKind,
  HistoryLike,
  Strategy,
  StrategyContext,
  StrategyResult,
} from '../strategies/types';
import { runOf, type StrategyChoice } from './config';
import { runCost, type PriceSheet, type RunCost } from '../simulate/cache';
import { CUSTOM_ID, precomputedStrategy, type CustomOutput } from './custom-run';
import { lostIdentifiers, type LostIdentifier } from './identifiers';
import { LostIdentifierFold } from './identifier-fold';
import type { StepsAt } from '../simulate/prefix';
import { strategyWarnings, type CompareWarning } from './warnings';

/**
 * The calls the identifier check falls back to where a run cannot hand every call's context to the
 * fold (identifier-fold.ts; only a long stateless run before every call whose views or contexts
 * would cost more to hand over than `EACH_CONTEXT_BUDGET`, or a strategy with neither): each
 * costs one application, linear in the history, so they are spread evenly over the run, as many
 * as keep that work near 150,000 step visits (all 30 calls of a 42-step run; 48 of 2,000 calls on a
 * 3,093-step run), at least 20.
 */
export function lossCallsOf(callIndices: readonly number[], stepCount: number): number[] {
  const budget = Math.max(20, Math.min(400, Math.floor(150_000 / Math.max(1, stepCount))));
  if (callIndices.length <= budget) return [...callIndices];
  const picked = new Set<number>();
  for (let i = 0; i < budget; i++)
    picked.add(callIndices[Math.round((i * (callIndices.length - 1)) / (budget - 1))] as number);
  return [...picked];
}

export interface CompareColumn {
  readonly choice: StrategyChoice;
  readonly label: string;
  /** The parameters the strategy ran with, defaults filled in; absent when they were invalid. */
  readonly params?: unknown;
  /** Why the parameters were refused. */
  readonly error?: string;
  /** When it ran and on what (the chart says which). */
  readonly run: RunConfig;
  /** What the next call would receive after the last step, with every step's fate. */
  readonly result?: StrategyResult;
  /** Context tokens of the result (what the model would receive for the next call). */
  readonly contextTokens: number;
  /** The run call by call: context, shared prefix (for prompt caching), when the strategy ran. */
  readonly replay?: SimulatedRun;
  readonly warnings: readonly CompareWarning[];
  readonly lost: readonly LostIdentifier[];
  /**
   * The calls whose context the identifier check covered: every call (the fold), or, where the
   * run could not hand each call's context over, the spread calls of `lossCallsOf`.
   */
  readonly lossCalls: number;
  readonly counts: Readonly<Record<FateKind, number>> & { readonly inserted: number };
  /** Input tokens saved over the run against `none`, and as a share of it. */
  readonly savedTokens: number;
  readonly savedShare: number;
}

export interface Comparison {
  readonly baseline: SimulatedRun;
  readonly columns: readonly CompareColumn[];
  /**
   * How many calls the identifier check covered in the column that covered fewest: every call
   * (`totalCalls`) unless a column fell back to calls spread over the run (its own `lossCalls`).
   */
  readonly lossCalls: number;
  readonly totalCalls: number;
}

const EMPTY_COUNTS = { kept: 0, truncated: 0, removed: 0, summarized: 0, inserted: 0 };

/** One strategy's column of a comparison (a sweep computes one per parameter value). */
export function compareColumn(
  history: HistoryLike,
  choice: StrategyChoice,
  ctx: StrategyContext,
  baseline: SimulatedRun,
  lossCalls: readonly number[],
  custom?: CustomOutput | string,
): CompareColumn {
  let strategy: Strategy<unknown>;
  let params: unknown;
  let run: RunConfig = DEFAULT_RUN;
  try {
    run = runOf(choice);
    if (choice.strategyId === CUSTOM_ID) {
      // User code never runs here: the sandbox's output (or its error) comes with the request.
      if (custom === undefined) throw new Error('the custom function has not run yet');
      if (typeof custom === 'string') throw new Error(custom);
      // The sandbox ran the function on the full history before every call: that is all it can replay.
      if (!isDefaultRun(run))
        throw new Error(
          'a custom function runs before every call, on the full history (stateless) only',
        );
      strategy = precomputedStrategy(custom) as Strategy<unknown>;
      params = {};
    } else {
      strategy = getStrategy(choice.strategyId);
      params = parseParams(strategy, choice.params);
    }
  } catch (error) {
    return {
      choice,
      label: choice.strategyId,
      run,
      error: (error as Error).message,
      contextTokens: 0,
      warnings: [],
      lost: [],
      lossCalls: 0,
      counts: EMPTY_COUNTS,
      savedTokens: 0,
      savedShare: 0,
    };
  }
  // `none` keeps everything: nothing to lose, nothing to fold. The fold (and the run's identifier
  // index) is made at the first call handed over: a run that hands none over falls back.
  const checks = strategy.id !== 'none';
  let fold: LostIdentifierFold | undefined;
  let folded = 0;
  const sim = simulate(history, strategy, params, ctx, run, {
    keepContextsAt: new Set(lossCalls),
    ...(checks
      ? {
          onCall: (k: number, context: StepsAt, unchanged: number, changes?: ContextChanges) => {
            folded++;
            (fold ??= new LostIdentifierFold(history.steps)).call(k, context, unchanged, changes);
          },
        }
      : {}),
  });
  const everyCall = folded === sim.calls.length;
  const result = sim.final;
  const contextTokens = ctx.tokens.context(result.steps);
  const counts = { ...EMPTY_COUNTS, inserted: result.inserted.length };
  for (const f of result.fates) counts[f.kind]++;
  const contextAt = (k: number) => sim.contexts.get(k) ?? [];
  const saved = baseline.totalInputTokens - sim.totalInputTokens;
  return {
    choice,
    label: strategy.label,
    params,
    run,
    result,
    contextTokens,
    // The kept contexts served the identifier check; the page never needs them.
    replay: { ...sim, contexts: new Map() },
    warnings: strategyWarnings(
      history.steps,
      result,
      contextTokens,
      ctx.contextWindow,
      sim.overflowCalls,
    ),
    lost: !checks
      ? []
      : everyCall
        ? (fold?.lost ?? [])
        : lostIdentifiers(history.steps, contextAt, lossCalls),
    lossCalls: !checks || everyCall ? sim.calls.length : lossCalls.length,
    counts,
    savedTokens: saved,
    savedShare: baseline.totalInputTokens > 0 ? saved / baseline.totalInputTokens : 0,
  };
}

/**
 * `custom[i]` is the sandbox's output for choice i when it is a custom function (or the error it
 * stopped with).
 */
export function compareStrategies(
  history: HistoryLike,
  choices: readonly StrategyChoice[],
  ctx: StrategyContext,
  custom: Readonly<Record<number, CustomOutput | string>> = {},
): Comparison {
  const baseline = simulate(history, none, {}, ctx);
  const calls = modelCallIndices(history.steps);
  const lossCalls = lossCallsOf(calls, history.steps.length);
  const columns = choices.map((c, i) =>
    compareColumn(history, c, ctx, baseline, lossCalls, custom[i]),
  );
  return {
    baseline,
    columns,
    lossCalls: Math.min(calls.length, ...columns.filter((c) => !c.error).map((c) => c.lossCalls)),
    totalCalls: calls.length,
  };
}

/** The context the model would receive at the call that produced step `stepIndex`, under a strategy choice ([] when it is invalid). */
export function contextForChoice(
  history: HistoryLike,
  choice: StrategyChoice,
  stepIndex: number,
  ctx: StrategyContext,
  custom?: CustomOutput | string,
): readonly Step[] {
  try {
    if (choice.strategyId === CUSTOM_ID) {
      return typeof custom === 'object'
        ? simulatedContextAt(
            history,
            precomputedStrategy(custom),
            {},
            ctx,
            runOf(choice),
            stepIndex,
          )
        : [];
    }
    const strategy = getStrategy(choice.strategyId);
    return simulatedContextAt(
      history,
      strategy,
      parseParams(strategy, choice.params),
      ctx,
      runOf(choice),
      stepIndex,
    );
  } catch {
    return [];
  }
}

/** The same, for a computed column. */
export function contextAtCall(
  history: HistoryLike,
  col: CompareColumn,
  stepIndex: number,
  ctx: StrategyContext,
): readonly Step[] {
  return col.error ? [] : contextForChoice(history, col.choice, stepIndex, ctx);
}

/**
 * Every run's bill under a price sheet: `[none, column 0, column 1, …]` (undefined for a refused
 * column). Computed once per comparison; the table, the charts and the ranking read it.
 */
export function comparisonCosts(cmp: Comparison, sheet: PriceSheet): (RunCost | undefined)[] {
  return [
    runCost(cmp.baseline.calls, sheet),
    ...cmp.columns.map((c) => (c.replay ? runCost(c.replay.calls, sheet) : undefined)),
  ];
}
