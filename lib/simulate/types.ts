/**
 * The simulation's results and their totals, shared by the engine (simulate.ts) and the paths of
 * stateless runs before every call (every-call.ts).
 */
import type { Step } from '../model/types';
import type { ContextChanges, StrategyResult } from '../strategies/types';
import type { StepsAt } from './prefix';
import type { RunConfig } from './run-config';

/** A model call and the context it received. */
export interface CallContext {
  /** The step the call produced; its context is built from the steps before it. */
  readonly stepIndex: number;
  readonly contextTokens: number;
}

export interface SimCall extends CallContext {
  /** Tokens of the leading steps this call's context shares with the previous call's (0 on the first). */
  readonly sharedPrefixTokens: number;
  /** The strategy ran since the previous call. */
  readonly applied: boolean;
  /** Unix seconds of the step the call produced, when the file records it (for cache lifetimes). */
  readonly timestamp?: number;
}

export interface Application {
  /** Steps of the history seen when it ran (it ran on the prefix of this length). */
  readonly atStep: number;
  /** Context tokens just before and just after (the sawtooth's drop). */
  readonly beforeTokens: number;
  readonly afterTokens: number;
  /**
   * It ran after the last step, for the context a next call would receive (the final result),
   * not before any call the run made: not counted in "ran N times".
   */
  readonly afterRun?: boolean;
}

/** Each call's context and the run's totals: what a simulation asked for `contextsOnly` returns. */
export interface RunContexts extends RunTotals {
  readonly calls: readonly CallContext[];
}

/** A run's input over all its calls, its largest request, and the calls over the context window. */
export interface RunTotals {
  readonly totalInputTokens: number;
  readonly peakContextTokens: number;
  /** Calls whose context exceeded the context window. */
  readonly overflowCalls: number;
}

export interface SimulatedRun extends RunContexts {
  readonly run: RunConfig;
  readonly calls: readonly SimCall[];
  readonly applications: readonly Application[];
  /** What the next call would receive after the last step, with every original step's fate. */
  readonly final: StrategyResult;
  /** Contexts kept for the call step indices asked for (`keepContextsAt`). */
  readonly contexts: ReadonlyMap<number, readonly Step[]>;
}

export interface SimulateOptions {
  /**
   * Call step indices whose full context to keep (lost-identifier checks, "context at call k"); on
   * a replayed long run, kept only when `onCall` was not handed every call's context (it saw them).
   */
  readonly keepContextsAt?: ReadonlySet<number>;
  /** Stop after the call that produced this step (its context is then kept if asked for). */
  readonly until?: number;
  /** Measure every call's shared prefix, however long the run (tests, benchmarks). */
  readonly exactPrefixes?: boolean;
  /**
   * Each call's context and the run's totals only (`RunContexts`): no shared prefixes,
   * applications or final result. A stateless run before every call is then answered by the
   * strategy's `replayTokens` in linear time, however long the run (every-call.ts).
   */
  readonly contextsOnly?: boolean;
  /**
   * Each call's context as it is built, in order (the lost-identifier fold,
   * lib/compare/identifier-fold.ts): the call's step index, its context read in place, and how
   * many of its leading steps are still the previous call's objects at the same positions (0:
   * unknown; `Infinity`: the context only grew), or, from a strategy's `replayViews` or once an
   * in-place carrier has changed its context in place, the step objects that left and entered it
   * (`changes`: then the context is read only if needed). The context stays valid while the
   * simulation's lists live, except when `changes` is given: then only during the call. Observes the run without changing any result. Every call is handed over, except on a
   * long stateless run before every call (every-call.ts `sampledRun`), where none is when building
   * each call's context would pass `EACH_CONTEXT_BUDGET` (or, without `replayContexts`,
   * `EXACT_PREFIX_BUDGET`): the caller counts the calls it was handed.
   */
  readonly onCall?: (
    stepIndex: number,
    context: StepsAt,
    unchanged: number,
    changes?: ContextChanges,
  ) => void;
}

export function callTotals(calls: readonly CallContext[], contextWindow: number): RunTotals {
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
