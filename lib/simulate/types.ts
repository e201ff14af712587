/** The simulation's results, shared by the engine (simulate.ts) and its sampled path (sampled.ts). */
import type { Step } from '../model/types';
import type { StrategyResult } from '../strategies/types';
import type { RunConfig } from './run-config';

export interface SimCall {
  /** The step the call produced; its context is built from the steps before it. */
  readonly stepIndex: number;
  readonly contextTokens: number;
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

export interface SimulatedRun {
  readonly run: RunConfig;
  readonly calls: readonly SimCall[];
  readonly totalInputTokens: number;
  readonly peakContextTokens: number;
  readonly overflowCalls: number;
  readonly applications: readonly Application[];
  /** What the next call would receive after the last step, with every original step's fate. */
  readonly final: StrategyResult;
  /** Contexts kept for the call step indices asked for (`keepContextsAt`). */
  readonly contexts: ReadonlyMap<number, readonly Step[]>;
  /**
   * On long runs before every call: context tokens are the fast replay's (exact), the shared prefix
   * was measured at `measured` of `total` calls spread over the run and interpolated between them.
   */
  readonly prefixSampled?: { readonly measured: number; readonly total: number };
}

export interface SimulateOptions {
  /** Call step indices whose full context to keep (lost-identifier checks, "context at call k"). */
  readonly keepContextsAt?: ReadonlySet<number>;
  /** Stop after the call that produced this step (its context is then kept if asked for). */
  readonly until?: number;
  /** Measure every call's shared prefix, however long the run (tests, benchmarks). */
  readonly exactPrefixes?: boolean;
}
