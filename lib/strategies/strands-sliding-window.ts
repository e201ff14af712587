/**
 * Strands Agents' `SlidingWindowConversationManager` (window_size=40, should_truncate_results=true),
 * applied before a model call: the manager's window check (`_applyManagement`: nothing while
 * messages.length <= windowSize, else trim to a valid trim point), then, while the request overflows
 * the model's context window, the overflow path (`reduce` with a ContextWindowOverflowError: truncate
 * the oldest tool results, then trim). Strands holds the system prompt outside `messages`, so system
 * steps are always kept. Core algorithm: strands-core.ts.
 */
import { z } from 'zod';
import { stepToMessages } from '../messages';
import type { StrandsMessage } from '../messages/types';
import type { Step, ToolCall } from '../model/types';
import { buildResult } from './result';
import {
  applyManagement,
  isPlainUser,
  planTrim,
  reduceContext,
  type TrackedMessage,
} from './strands-core';
import { rangeShared } from './range-shared';
import { rangeViews, UnitIndex } from './replay-kit';
import type { Strategy, StrategyContext, StrategyResult } from './types';
import { stepsFromKeptUnits, unitsOf } from './units';

const params = z.object({
  windowSize: z
    .number()
    .int()
    .min(0)
    .default(40)
    .describe('Messages kept after each invocation (Strands `window_size`).')
    .meta({ title: 'Messages kept', upstream: 'window_size' }),
  shouldTruncateResults: z
    .boolean()
    .default(true)
    .describe('On context overflow, truncate the oldest tool results before trimming messages.')
    .meta({ title: 'Truncate tool results first', upstream: 'should_truncate_results' }),
  overflowTokens: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Context size that counts as an overflow; defaults to the model's context window.")
    .meta({ title: 'Overflow past (tokens)' }),
});
type Params = z.infer<typeof params>;

const MAX_OVERFLOW_ROUNDS = 10_000;

export const strandsSlidingWindow: Strategy<Params> = {
  id: 'strands-sliding-window',
  label: 'Strands sliding window',
  description:
    'Keeps the last N messages, never splitting a tool use from its result; truncates old tool results on overflow.',
  source: '@strands-agents/sdk SlidingWindowConversationManager',
  paramsSchema: params,
  acts: (p, window) =>
    `trims only past ${p.windowSize.toLocaleString('en-US')} messages, or a request over ${(p.overflowTokens ?? window).toLocaleString('en-US')} tokens`,
  apply(history, p, ctx) {
    // The window check on the history's index; within the context window that is the answer.
    const index = UnitIndex.cached(history.steps, ctx.tokens, 'strands', 'no-system');
    const end = index.units.length;
    const ranges = windowRanges(index.units, end, p.windowSize);
    const used = index.contextTokens(ranges, index.otherSums[history.steps.length]);
    if (used <= (p.overflowTokens ?? ctx.contextWindow)) {
      const kept = ranges.reduce((n, [a, b]) => n + b - a, 0);
      return index.result(ranges, kept < end ? [`window: kept ${kept} of ${end} messages`] : []);
    }
    return overflowApply(history.steps, p, ctx);
  },
  replayTokens(history, calls, p, ctx) {
    const steps = history.steps;
    const window = windowBefore(steps, p, ctx);
    return calls.map((k) => {
      const w = window(k);
      // Overflow: truncation rewrites steps; take the exact path for this call.
      return w ? w.tokens : ctx.tokens.context(overflowApply(steps.slice(0, k), p, ctx).steps);
    });
  },
  replayContexts(history, p, ctx) {
    const steps = history.steps;
    const index = UnitIndex.cached(steps, ctx.tokens, 'strands', 'no-system');
    const window = windowBefore(steps, p, ctx);
    return (k) => {
      const w = window(k);
      return w ? index.stepsBefore(w.ranges, k) : overflowApply(steps.slice(0, k), p, ctx).steps;
    };
  },
  replayViews(history, p, ctx) {
    const steps = history.steps;
    const window = windowBefore(steps, p, ctx);
    return rangeViews(
      UnitIndex.cached(steps, ctx.tokens, 'strands', 'no-system'),
      (k) => window(k)?.ranges,
      (k) => overflowApply(steps.slice(0, k), p, ctx).steps,
    );
  },
  replayShared(history, calls, p, ctx) {
    const steps = history.steps;
    const window = windowBefore(steps, p, ctx);
    return rangeShared(
      UnitIndex.cached(steps, ctx.tokens, 'strands', 'no-system'),
      calls,
      (k) => window(k)?.ranges,
      (k) => strandsSlidingWindow.apply({ ...history, steps: steps.slice(0, k) }, p, ctx).steps,
    );
  },
};

/**
 * Before the call producing step k: the units the window check keeps, and the context's tokens,
 * when the request stays within the limit (undefined on overflow, where truncation rewrites steps).
 */
function windowBefore(steps: readonly Step[], p: Params, ctx: StrategyContext) {
  const index = UnitIndex.cached(steps, ctx.tokens, 'strands', 'no-system');
  // lastPlain[i]: the latest plain user message before i (Strands' conversation anchor).
  const lastPlain: (number | undefined)[] = [undefined];
  index.units.forEach((u, i) => lastPlain.push(isPlainUser(u.message) ? i : lastPlain[i]));
  const limit = p.overflowTokens ?? ctx.contextWindow;
  return (k: number): { ranges: [number, number][]; tokens: number } | undefined => {
    const end = index.unitsBefore(k);
    const ranges = windowRanges(index.units, end, p.windowSize, (i) => lastPlain[i]);
    const tokens = index.contextTokens(ranges, index.otherSums[k]);
    return tokens <= limit ? { ranges, tokens } : undefined;
  };
}

/** The Strands units [0, end) kept by the window check (`_applyManagement`), as ranges. */
function windowRanges(
  units: readonly { message: StrandsMessage }[],
  end: number,
  windowSize: number,
  anchorBefore?: (index: number) => number | undefined,
): [number, number][] {
  if (end <= windowSize) return [[0, end]];
  const plan = planTrim(units, end, windowSize, anchorBefore);
  if (!plan) return [[0, end]];
  return plan.anchor === undefined
    ? [[plan.trimIndex, end]]
    : [
        [plan.anchor, plan.anchor + 1],
        [plan.trimIndex, end],
      ];
}

/**
 * Over the context window: the window check, then the overflow path on real messages (truncation
 * rewrites steps), round by round as Strands does.
 */
function overflowApply(original: readonly Step[], p: Params, ctx: StrategyContext): StrategyResult {
  const isSystem = (s: Step) => s.kind === 'system-prompt';
  const steps = [...original];
  const notes: string[] = [];
  let units = unitsOf(steps, 'strands').filter((u) => !isSystem(steps[u.stepIndex] as Step));
  let tracked: readonly TrackedMessage[] = applyManagement(
    units.map((u, i) => ({ message: u.message, origin: i })),
    p.windowSize,
  );
  if (tracked.length < units.length)
    notes.push(`window: kept ${tracked.length} of ${units.length} messages`);
  const limit = p.overflowTokens ?? ctx.contextWindow;
  const current = () =>
    stepsFromKeptUnits(steps, units, new Set(tracked.map((t) => t.origin)), isSystem);
  for (let round = 0; round < MAX_OVERFLOW_ROUNDS; round++) {
    const used = ctx.tokens.context(current());
    if (used <= limit) break;
    const outcome = reduceContext(tracked, p.windowSize, {
      overflow: true,
      shouldTruncateResults: p.shouldTruncateResults,
    });
    if (!outcome.reduced) {
      notes.push(
        `still over the context window (${used} > ${limit} tokens): no further reduction possible`,
      );
      break;
    }
    if (outcome.truncatedIndex !== undefined) {
      // Carry the truncated tool results back into the step, then rebuild its units.
      const t = outcome.messages[outcome.truncatedIndex] as TrackedMessage;
      const stepIndex = (units[t.origin] as { stepIndex: number }).stepIndex;
      steps[stepIndex] = withTruncatedResults(steps[stepIndex] as Step, t);
      const before = units;
      units = unitsOf(steps, 'strands').filter((u) => !isSystem(steps[u.stepIndex] as Step));
      if (units.length !== before.length) throw new Error('truncation changed the message count');
      notes.push(
        `overflow: truncated tool results of step ${(steps[stepIndex] as Step).stepNumber}`,
      );
    }
    tracked = outcome.messages;
  }
  return buildResult(original, current(), notes);
}

function withTruncatedResults(step: Step, tracked: TrackedMessage): Step {
  if (step.kind !== 'action') return step;
  const texts = new Map<string, string>();
  for (const block of tracked.message.content) {
    if ('toolResult' in block)
      texts.set(block.toolResult.toolUseId, block.toolResult.content.map((c) => c.text).join(''));
  }
  const toolCalls = step.toolCalls.map((c): ToolCall => {
    const text = texts.get(c.id);
    return text === undefined || c.result === undefined || text === c.result
      ? c
      : { ...c, result: text };
  });
  return { ...step, toolCalls };
}

/** Exported for the differential test: the Strands messages a step list becomes (system excluded). */
export function strandsMessagesOf(steps: readonly Step[]) {
  return steps
    .filter((s) => s.kind !== 'system-prompt')
    .flatMap((s) => stepToMessages(s, 'strands'));
}
