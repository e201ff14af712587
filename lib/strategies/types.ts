/**
 * The strategy contract (STYLE.md §3): `{ id, label, paramsSchema, apply(history, params, ctx) }`.
 * `apply` never mutates its input; it returns the resulting steps and, for every original step, its
 * fate: kept, truncated (with before/after text), removed, or summarized (into which summary).
 */
import type { z } from 'zod';
import type { Step } from '../model/types';
import type { StepTokens } from '../tokens/step-tokens';
import type { Summarizer } from './summarizer';

export type StepFate =
  | { readonly kind: 'kept' }
  | { readonly kind: 'truncated'; readonly before: string; readonly after: string }
  | { readonly kind: 'removed' }
  | { readonly kind: 'summarized'; readonly summaryId: string };

export type FateKind = StepFate['kind'];

/** Steps read by position: an array, or a context read in place without copying it. */
export interface StepsAt {
  readonly length: number;
  at(index: number): Step | undefined;
}

/**
 * A call's context read in place, and how many of its leading steps are the previous call's
 * objects at the same positions (`replayViews`); or, where positions shift (a window sliding on),
 * the step objects that left the previous call's context and entered this one (`changes`), the
 * context then read only when a reader needs it.
 */
export interface ContextView {
  readonly context: StepsAt;
  readonly unchanged: number;
  readonly changes?: ContextChanges;
}

/** What differs between two calls' contexts as collections of step objects. */
export interface ContextChanges {
  readonly leaving: readonly Step[];
  readonly entering: readonly Step[];
}

export interface StrategyResult {
  /** The steps the model would see, in order: kept originals, truncated variants, inserted steps. */
  readonly steps: readonly Step[];
  /** One fate per original step, aligned with the input's steps. */
  readonly fates: readonly StepFate[];
  /** Steps the strategy added (summaries). */
  readonly inserted: readonly Step[];
  /** What the strategy decided and why, for people ("trigger not reached: 1,204 ≤ 100,000"). */
  readonly notes: readonly string[];
}

export interface HistoryLike {
  readonly steps: readonly Step[];
  readonly model?: string;
}

export interface StrategyContext {
  /** Token counts in the dialect the model receives; budgets are measured with it. */
  readonly tokens: StepTokens;
  /** The model's context window in tokens (budgets default to it). */
  readonly contextWindow: number;
  /** Produces summary text for summarizing strategies (deterministic extractive by default). */
  readonly summarizer: Summarizer;
}

export interface Strategy<P = unknown> {
  readonly id: string;
  readonly label: string;
  /** One sentence for people: what it keeps and what it cuts. */
  readonly description: string;
  /**
   * The seed section or upstream source this follows: names, never a parameter's value (the card
   * shows each value beside its upstream name and default, so a cited value would contradict it).
   */
  readonly source: string;
  readonly paramsSchema: z.ZodType<P, unknown>;
  /**
   * When it acts, where its own parameters gate it ("compacts once the context passes 167,000
   * tokens"): said beside its trigger, which only says when it is checked. Absent: it acts whenever
   * it runs. Words only; `apply` decides.
   */
  acts?(params: P, contextWindow: number): string;
  apply(history: HistoryLike, params: P, ctx: StrategyContext): StrategyResult;
  /**
   * Optional fast replay: context tokens before each model call, equal to applying the strategy to
   * each prefix (tested against that definition). Undefined (or no method): replay applies `apply`
   * to each prefix.
   */
  replayTokens?(
    history: HistoryLike,
    callIndices: readonly number[],
    params: P,
    ctx: StrategyContext,
  ): number[] | undefined;
  /**
   * Optional, beside `replayTokens`: before each model call, the tokens of the leading steps its
   * context shares with the previous call's (`sharedPrefixTokens` of the two contexts, what prompt
   * caching reads; 0 at the first call), equal to applying the strategy to both prefixes (tested
   * against that definition), without applying it. Undefined: the shared prefixes are measured by
   * applying the strategy.
   */
  replayShared?(
    history: HistoryLike,
    callIndices: readonly number[],
    params: P,
    ctx: StrategyContext,
  ): number[] | undefined;
  /**
   * Optional, beside `replayShared`: the context before the call producing step k, step for step
   * what `apply` on the steps before it returns (tested), built from the replay's parts: the
   * contexts a comparison keeps (its identifier check) without applying the strategy again.
   */
  replayContexts?(
    history: HistoryLike,
    params: P,
    ctx: StrategyContext,
  ): ((k: number) => readonly Step[]) | undefined;
  /**
   * Optional, beside `replayContexts`, for a strategy whose contexts keep most of the steps before
   * each call: a reader of the contexts of calls taken in order (each k greater than the last),
   * each read in place with how many of its leading steps are the previous call's objects, so the
   * identifier fold (compare/identifier-fold.ts) costs what changed between two calls, not the
   * context's length. Undefined: `replayContexts` builds each context.
   */
  replayViews?(
    history: HistoryLike,
    params: P,
    ctx: StrategyContext,
  ): ((k: number) => ContextView) | undefined;
  /**
   * Optional incremental application in place (run-config.ts `in-place`): a carrier that answers
   * each application from what changed since the last one. Undefined (or no method): the
   * simulation applies `apply` to the whole carried context each time.
   */
  carry?(params: P, ctx: StrategyContext): Carrier;
}

/**
 * The strategy applied in place again and again: each application runs on what the previous one
 * returned plus the steps appended since. `next` returns exactly the steps, inserted steps and notes
 * `apply({ steps: [...previous, ...appended] })` returns (held to it by property tests:
 * test/carried.property.test.ts), in time proportional to what changed. It recognises `previous`
 * by identity as the steps it returned last; any other list (the first application, a context the
 * run itself changed) is taken whole and left as it is.
 *
 * The steps it returned last are its own: it may change that list in place instead of copying it
 * (a copy per application was most of tinyAgent's run, issue 26), and then says so with `replaced`.
 */
export interface Carrier {
  next(previous: readonly Step[], appended: readonly Step[]): CarriedResult;
}

export interface CarriedResult {
  readonly steps: readonly Step[];
  readonly inserted: readonly Step[];
  readonly notes: readonly string[];
  /** Every output step before this index is the input's own object at the same position. */
  readonly unchangedBefore: number;
  /**
   * Set when `steps` is `previous` itself, changed in place: `appended` pushed at its end, then
   * these positions overwritten, each named once with the step it held before (for a position of
   * the appended steps, the appended step), and nothing inserted. Unset, `previous` was left as
   * it was.
   */
  readonly replaced?: readonly ReplacedStep[];
}

/** A position of a carried context that an application overwrote, and the step it held. */
export interface ReplacedStep {
  readonly at: number;
  readonly before: Step;
}
