/**
 * smolagents `write_memory_to_messages(summary_mode=True)` (seed 004; smolagents memory.py): what
 * its planner sees. The system prompt and planning steps send nothing, actions lose their model
 * output and keep their tool calls, observations and errors; tasks stay.
 */
import { z } from 'zod';
import { omitParts } from '../model/steps';
import type { Step } from '../model/types';
import { prefixSums, replayPrefix } from './per-step';
import { listMemo, listVariants } from './replay-kit';
import type { Strategy, StrategyContext } from './types';

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
      return (step.modelOutput ?? step.thought) === undefined ? step : omitParts(step, ['thought']);
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
    // Each step's variant and fate once per list; an apply copies them.
    const { variants, fates } = listVariants(
      history.steps,
      OWNER,
      'smolagents-summary-mode',
      summaryModeVariant,
    );
    return {
      steps: variants.filter((s): s is Step => s !== null),
      fates: fates.slice(),
      inserted: [],
      notes: [],
    };
  },
  replayTokens: (history, calls, _p, ctx) => replayPrefix(variantSums(history.steps, ctx), calls),
  /**
   * Each step's variant depends on the step alone (and is one object per step), so a call's context
   * extends the previous call's: it shares all of it.
   */
  replayShared(history, calls, _p, ctx) {
    const sums = variantSums(history.steps, ctx);
    return calls.map((_, c) => (c === 0 ? 0 : (sums[calls[c - 1] as number] as number)));
  },
};

/** Running sums of the variants' tokens, once per list and counter (replay-kit.ts `listMemo`). */
function variantSums(steps: readonly Step[], ctx: StrategyContext): number[] {
  return listMemo(steps, ctx.tokens, 'smolagents-summary-mode sums', () =>
    prefixSums(steps, ctx.tokens, summaryModeVariant),
  );
}
