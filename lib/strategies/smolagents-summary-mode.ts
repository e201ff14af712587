/**
 * smolagents `write_memory_to_messages(summary_mode=True)` (seed 004; smolagents memory.py): what
 * its planner sees. The system prompt and planning steps send nothing, actions lose their model
 * output and keep their tool calls, observations and errors; tasks stay.
 */
import { z } from 'zod';
import { assistantText, omitParts } from '../model/steps';
import type { Step, StepPart } from '../model/types';
import { prefixSums, replayPrefix } from './per-step';
import { listMemo, type ListVariants } from './replay-kit';
import { changedFate, KEPT_FATE, REMOVED_FATE, truncatedFate } from './result';
import type { StepFate, Strategy, StrategyContext } from './types';

const params = z.object({});

const OWNER = {};

/** Each step's variant, made once per step object (steps are immutable; so is the variant). */
const variants = new WeakMap<Step, Step | null>();

function summaryModeVariant(step: Step): Step | null {
  let v = variants.get(step);
  if (v === undefined) variants.set(step, (v = makeVariant(step)));
  return v;
}

function makeVariant(step: Step): Step | null {
  switch (step.kind) {
    case 'system-prompt':
    case 'planning':
      return null;
    case 'action':
      if ((step.modelOutput ?? step.thought) === undefined) return step;
      // `omitParts(step, ['thought'])` without its merge of no earlier parts (the same object).
      return step.omitted === undefined
        ? { ...step, omitted: THOUGHT }
        : omitParts(step, ['thought']);
    default:
      return step;
  }
}

export const smolagentsSummaryMode: Strategy<z.infer<typeof params>> = {
  id: 'smolagents-summary-mode',
  label: 'smolagents summary mode',
  description:
    "What smolagents' planner sees: no system prompt, no plans, no model outputs; tool calls and observations stay.",
  source: 'seed 004; smolagents MemoryStep.to_messages(summary_mode=True)',
  paramsSchema: params,
  apply(history) {
    // Each step's variant and fate once per list (built at load, `prepareSummaryMode`); an apply
    // copies them.
    const { kept, fates } = summaryModeVariants(history.steps);
    return {
      steps: kept.slice(),
      fates: fates.slice(),
      inserted: [],
      notes: [],
    };
  },
  replayTokens: (history, calls, _p, ctx) => replayPrefix(variantSums(history.steps, ctx), calls),
  replayContexts(history) {
    const { kept, keptBefore } = sentBefore(history.steps);
    return (k) => kept.slice(0, keptBefore[k]);
  },
  /** A call's context extends the previous call's (the variants sent, in order): it only grew. */
  replayViews(history) {
    const { kept, keptBefore } = sentBefore(history.steps);
    let before = 0;
    return (k) => {
      const length = keptBefore[k] as number;
      const unchanged = before;
      before = length;
      return { context: { length, at: (i) => (i < length ? kept[i] : undefined) }, unchanged };
    };
  },
  /**
   * Each step's variant depends on the step alone (and is one object per step), so a call's context
   * extends the previous call's: it shares all of it.
   */
  replayShared(history, calls, _p, ctx) {
    const sums = variantSums(history.steps, ctx);
    return calls.map((_, c) => (c === 0 ? 0 : (sums[calls[c - 1] as number] as number)));
  },
};

const THOUGHT: readonly StepPart[] = Object.freeze(['thought']);

/** The variants sent, and `keptBefore[k]`: how many of them come from steps [0, k). */
function sentBefore(steps: readonly Step[]) {
  const { kept, variants } = summaryModeVariants(steps);
  const keptBefore = [0];
  variants.forEach((v, i) => keptBefore.push((keptBefore[i] as number) + (v === null ? 0 : 1)));
  return { kept, keptBefore };
}

/**
 * Each step's variant and the fate `buildResult` derives for it, once per list. A variant that
 * only drops the model output of a step with no other part omitted has a different text exactly
 * when the step shows a model output (fate-text.ts: dropping a line that renders shortens the
 * text), so its fate is decided without comparing texts; any other goes through `changedFate`.
 */
function summaryModeVariants(
  steps: readonly Step[],
): ListVariants & { readonly kept: readonly Step[] } {
  return listMemo(steps, OWNER, 'variants:smolagents-summary-mode', () => {
    const n = steps.length;
    const variants = new Array<Step | null>(n);
    const fates = new Array<StepFate>(n);
    // The variants sent, in order: an apply copies them.
    const kept: Step[] = [];
    for (let i = 0; i < n; i++) {
      const s = steps[i] as Step;
      const v = summaryModeVariant(s);
      variants[i] = v;
      if (v !== null) kept.push(v);
      fates[i] =
        v === null
          ? REMOVED_FATE
          : v === s
            ? KEPT_FATE
            : s.kind === 'action' && s.omitted === undefined && v.omitted === THOUGHT
              ? assistantText(s) === ''
                ? KEPT_FATE
                : truncatedFate(s, v)
              : changedFate(s, v);
    }
    return { variants, fates, kept };
  });
}

/**
 * What the first apply on a loaded list builds (load-index.ts): every step's variant depends on the
 * step alone, and the apply's default (its only) parameters need each of them.
 */
export function prepareSummaryMode(steps: readonly Step[]): void {
  summaryModeVariants(steps);
}

/** Running sums of the variants' tokens, once per list and counter (replay-kit.ts `listMemo`). */
function variantSums(steps: readonly Step[], ctx: StrategyContext): number[] {
  return listMemo(steps, ctx.tokens, 'smolagents-summary-mode sums', () =>
    prefixSums(steps, ctx.tokens, summaryModeVariant),
  );
}
