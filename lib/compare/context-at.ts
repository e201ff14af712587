/**
 * One model call seen through each strategy: the context the model receives at that call, and every
 * earlier step's fate at that call (kept, truncated with what was cut, removed, summarized into
 * which summary). The fate comes from the strategy's state at the call (the simulation stopped
 * there), not at the end of the run: a step keep-last-N drops at call 20 is still kept at call 6.
 * Steps from the call on have no fate yet: they were not sent.
 */
import { isModelCall, modelCallIndices } from '../model/steps';
import type { Step } from '../model/types';
import { runOf, type StrategyChoice } from './config';
import { contextEvents } from '../simulate/recorded';
import { isDefaultRun } from '../simulate/run-config';
import { simulate, sameStep } from '../simulate/simulate';
import { getStrategy, parseParams } from '../strategies';
import type { HistoryLike, Strategy, StrategyContext } from '../strategies/types';
import { CUSTOM_ID, precomputedStrategy, type CustomOutput } from './custom-run';
import { describeCut, type TextCut } from './truncation';

export type CallFate =
  | { readonly kind: 'kept' }
  | { readonly kind: 'removed' }
  | { readonly kind: 'summarized'; readonly summaryId: string }
  /** The parts the strategy cut, each with what it kept (never empty: an unchanged step is kept). */
  | { readonly kind: 'truncated'; readonly cuts: readonly TextCut[] };

export interface ContextAt {
  /** What the model receives, in order; a summary's `replaces` names original steps. */
  readonly steps: readonly Step[];
  /** One per original step before the call. */
  readonly fates: readonly CallFate[];
  readonly tokens: number;
}

/**
 * The model call a wanted step index stands for: itself when it is a call, else the next call
 * after it (else the last), and the first call when none is wanted. Undefined: the run has no call.
 */
export function callOnScreen(
  steps: readonly Step[],
  wanted: number | undefined,
): number | undefined {
  if (wanted !== undefined && steps[wanted] && isModelCall(steps[wanted] as Step)) return wanted;
  const calls = modelCallIndices(steps);
  if (wanted === undefined) return calls[0];
  return calls.find((i) => i >= wanted) ?? calls.at(-1);
}

/** The strategy a choice names with its checked parameters (throws what is wrong). */
function resolve(
  choice: StrategyChoice,
  custom: CustomOutput | string | undefined,
): { strategy: Strategy<unknown>; params: unknown } {
  if (choice.strategyId !== CUSTOM_ID) {
    const strategy = getStrategy(choice.strategyId);
    return { strategy, params: parseParams(strategy, choice.params) };
  }
  if (typeof custom !== 'object') throw new Error(custom ?? 'the custom function has not run yet');
  return { strategy: precomputedStrategy(custom) as Strategy<unknown>, params: {} };
}

/** The context and the fates at the call that produced step `stepIndex`; undefined for a refused choice. */
export function contextAtCall(
  history: HistoryLike,
  choice: StrategyChoice,
  stepIndex: number,
  ctx: StrategyContext,
  custom?: CustomOutput | string,
): ContextAt | undefined {
  let resolved: ReturnType<typeof resolve> & { run: ReturnType<typeof runOf> };
  try {
    resolved = { ...resolve(choice, custom), run: runOf(choice) };
  } catch {
    return undefined;
  }
  const { strategy, params, run } = resolved;
  // Stateless before every call (and no context change recorded in the run), call k's context is
  // by definition the strategy applied once to the steps before it (simulate.ts): one application
  // instead of one per earlier call. Otherwise the simulation stopped at the call: its final
  // result is the context that call received, with every earlier step's fate then.
  const { steps, fates } =
    isDefaultRun(run) && contextEvents(history.steps).length === 0
      ? strategy.apply({ ...history, steps: history.steps.slice(0, stepIndex) }, params, ctx)
      : simulate(history, strategy, params, ctx, run, {
          keepContextsAt: new Set([stepIndex]),
          until: stepIndex,
        }).final;
  const byId = new Map(steps.map((s) => [s.id, s]));
  return {
    steps,
    fates: fates.map((f, i): CallFate => {
      if (f.kind !== 'truncated') return f;
      const original = history.steps[i] as Step;
      const variant = byId.get(original.id);
      const cuts = variant ? describeCut(original, variant) : [];
      return cuts.length > 0 ? { kind: 'truncated', cuts } : { kind: 'kept' };
    }),
    tokens: ctx.tokens.context(steps),
  };
}

/** The leading steps every context sends alike (the system prompt, the first task…), and their tokens. */
export function sharedPrefix(
  contexts: readonly (readonly Step[])[],
  tokens: (s: Step) => number,
): { readonly steps: number; readonly tokens: number } {
  const [first, ...rest] = contexts;
  if (!first) return { steps: 0, tokens: 0 };
  let n = 0;
  let sum = 0;
  for (const step of first) {
    if (!rest.every((c) => c[n] !== undefined && sameStep(c[n] as Step, step))) break;
    sum += tokens(step);
    n++;
  }
  return { steps: n, tokens: sum };
}
