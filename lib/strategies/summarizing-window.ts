/**
 * Strands Agents' `SummarizingConversationManager` (summary_ratio=0.3, clamped to [0.1, 0.8];
 * preserve_recent_messages=10), the shape LangChain's summarization middleware shares: when the
 * request overflows, the oldest `summary_ratio` of the messages (never the most recent ones, and
 * never splitting a tool use from its result: `adjustSplitPointForToolPairs`) is replaced by one
 * summary message, again until it fits. The summary comes from a pluggable summarizer; the built-in
 * one is extractive and offline. System prompts stay outside the messages, as in Strands.
 */
import { z } from 'zod';
import type { Step, SummaryStep } from '../model/types';
import { listContext, listMemo, prefixSummary } from './replay-kit';
import { buildResult, keepAll } from './result';
import { summaryTokens } from './replay-kit';
import type { HistoryLike, Strategy, StrategyContext, StrategyResult } from './types';
import { UnitIndex } from './replay-kit';
import { adjustSplitPoint, MAX_ROUNDS } from './strands-split';
import { windowReplay } from './summarizing-window-replay';
import { keptVariant, stepsFromKeptUnits, unitsOf, type StrategyUnit } from './units';
import type { StrandsMessage } from '../messages/types';

export { adjustSplitPoint } from './strands-split';

const params = z.object({
  summaryRatio: z
    .number()
    .min(0.1)
    .max(0.8)
    .default(0.3)
    .describe('Share of the messages summarized each time.')
    .meta({ title: 'Share summarized each time', upstream: 'summary_ratio' }),
  preserveRecentMessages: z
    .number()
    .int()
    .min(0)
    .default(10)
    .describe('Most recent messages never summarized.')
    .meta({ title: 'Recent messages kept', upstream: 'preserve_recent_messages' }),
  triggerTokens: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Summarize while the request exceeds this; defaults to the model's window.")
    .meta({ title: 'Summarize past (tokens)' }),
});
type Params = z.infer<typeof params>;

/** The owner of this strategy's per-list memos that no summarizer or counter keys. */
const OWNER = {};

export const summarizingWindow: Strategy<Params> = {
  id: 'summarizing-window',
  label: 'Summarizing window (Strands)',
  description:
    'On overflow, replaces the oldest share of the messages with one summary, never splitting a tool pair.',
  source: '@strands-agents/sdk SummarizingConversationManager',
  paramsSchema: params,
  acts: (p, window) =>
    `summarizes only while the request is over ${(p.triggerTokens ?? window).toLocaleString('en-US')} tokens${p.triggerTokens === undefined ? ' (the window)' : ''}`,
  apply(history, p, ctx) {
    const original = history.steps;
    const limit = p.triggerTokens ?? ctx.contextWindow;
    const used = listContext(original, ctx.tokens);
    if (used <= limit) return keepAll(original, [`fits: ${used} ≤ ${limit} tokens`]);
    // Our summaries are named `summary-<round>`: an original named so would be taken for one.
    if (
      !ctx.summarizer.createAccumulator ||
      listMemo(original, ctx.summarizer, 'summary-ids', () =>
        original.some((s) => s.id.startsWith('summary-')),
      )
    )
      return applyByRounds(history, p, ctx);
    const index = UnitIndex.cached(original, ctx.tokens, 'strands', 'no-system');
    const n = original.length;
    const system = index.otherSums[n] as number;
    // The rounds on unit indices, as the replay runs them: after a round the request is [system] +
    // one summary of every step with a unit before c + the units from c on (`applyByRounds` builds
    // each list). Each summary is of a prefix of the list, built once (list-memo.ts).
    const messages = index.messages;
    const end = index.unitsBefore(n);
    const stepNumber = (
      original[(index.units[0] as StrategyUnit<StrandsMessage>).stepIndex] as Step
    ).stepNumber;
    const summaryUpTo = (c: number, round: number): SummaryStep => ({
      kind: 'summary',
      id: `summary-${round}`,
      stepNumber,
      content: prefixSummary(
        original,
        ctx.summarizer,
        'strands-units',
        (i) => (index.unitsPerStep[i] as number) > 0,
        (index.units[c - 1] as StrategyUnit<StrandsMessage>).stepIndex + 1,
      ) as string,
      replaces: [],
      origin: ctx.summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
    });
    const notes: string[] = [];
    let before = used;
    let c = 0;
    let summary: SummaryStep | undefined;
    for (let round = 1; round <= MAX_ROUNDS && before > limit; round++) {
      const summarized = c > 0 ? 1 : 0;
      const length = summarized + end - c;
      const count = Math.min(
        Math.max(1, Math.floor(length * p.summaryRatio)),
        length - p.preserveRecentMessages,
      );
      if (count <= 0) {
        notes.push(
          `insufficient messages for summarization (${length}, preserving ${p.preserveRecentMessages})`,
        );
        break;
      }
      // The list is [summary?, units c..end); the summary (plain user text) never moves the split.
      const split = adjustSplitPoint(messages, count - summarized, c, end);
      if (split === undefined) {
        notes.push('unable to find a valid split point for summarization');
        break;
      }
      const next = c + split;
      const candidate = summaryUpTo(next, round);
      const tokens = index.contextTokens(
        [[next, end]],
        system + summaryTokens(ctx.tokens, candidate),
      );
      if (tokens >= before) {
        notes.push(
          `unable to shrink further: the summary of ${summarized + split} messages is no smaller than they are`,
        );
        break;
      }
      c = next;
      before = tokens;
      summary = candidate;
      notes.push(`round ${round}: summarized ${summarized + split} of ${length} messages`);
    }
    if (!summary) return buildResult(original, original, notes);
    const kept: Step[] = [];
    const replaces: string[] = [];
    const owner = (index.units[c] as StrategyUnit<StrandsMessage> | undefined)?.stepIndex ?? n;
    for (let i = 0; i < n; i++) {
      const s = original[i] as Step;
      const units = index.unitsPerStep[i] as number;
      if (s.kind === 'system-prompt') continue;
      if (units === 0 || i > owner) kept.push(s);
      else if (i < owner) replaces.push(s.id);
      else {
        // The step cut at unit c: summarized, and its units from c on kept as a partial step.
        const first = index.firstUnit[i] as number;
        if (first < c) replaces.push(s.id);
        const variant = keptVariant(
          s,
          index.units.slice(first, first + units),
          Array.from({ length: units }, (_, u) => first + u >= c),
        );
        if (variant) kept.push(variant);
      }
    }
    const prompts = original.filter((s) => s.kind === 'system-prompt');
    return buildResult(original, [...prompts, { ...summary, replaces }, ...kept], notes);
  },
  /**
   * After r rounds the request is [system] + one summary of every step with a message before unit
   * c + the units from c on, so a call's context follows from c alone: simulate the rounds on unit
   * indices, with the summary of "steps before c" grown incrementally across calls.
   */
  replayTokens: (history, calls, p, ctx) => windowReplay(history, p, ctx)?.tokens(calls),
  /**
   * Each call's shared cached prefix from the same rounds (summarizing-window-replay.ts), exact;
   * undefined where `apply` takes the rounds one list at a time (a step named like our summaries).
   */
  replayShared: (history, calls, p, ctx) =>
    listMemo(history.steps, OWNER, 'summary-ids', () =>
      history.steps.some((s) => s.id.startsWith('summary-')),
    )
      ? undefined
      : windowReplay(history, p, ctx)?.shared(calls),
};

/**
 * The rounds as Strands runs them, each on the list the last one left: the definition the fast path
 * above follows, run for summarizers without an incremental form and for histories whose ids could
 * be taken for our summaries'.
 */
export function applyByRounds(
  history: HistoryLike,
  p: Params,
  ctx: StrategyContext,
): StrategyResult {
  const original = history.steps;
  const limit = p.triggerTokens ?? ctx.contextWindow;
  const used = ctx.tokens.context(original);
  if (used <= limit) return keepAll(original, [`fits: ${used} ≤ ${limit} tokens`]);
  let current: Step[] = [...original];
  const byId = new Map(original.map((s) => [s.id, s]));
  const originalIds = new Set(byId.keys());
  const notes: string[] = [];
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const before = ctx.tokens.context(current);
    if (before <= limit) break;
    const system = current.filter((s) => s.kind === 'system-prompt');
    const rest = current.filter((s) => s.kind !== 'system-prompt');
    const units: StrategyUnit<StrandsMessage>[] = unitsOf(rest, 'strands');
    const messages = units.map((u) => u.message);
    const count = Math.min(
      Math.max(1, Math.floor(messages.length * p.summaryRatio)),
      messages.length - p.preserveRecentMessages,
    );
    if (count <= 0) {
      notes.push(
        `insufficient messages for summarization (${messages.length}, preserving ${p.preserveRecentMessages})`,
      );
      break;
    }
    const split = adjustSplitPoint(messages, count);
    if (split === undefined) {
      notes.push('unable to find a valid split point for summarization');
      break;
    }
    // Units [0, split) go into the summary; the steps they came from are summarized (a step cut
    // at the split keeps its later units as a partial step).
    const takenSteps = new Set(units.slice(0, split).map((u) => u.stepIndex));
    const summarized = rest.filter((_, i) => takenSteps.has(i));
    const remaining = stepsFromKeptUnits(
      rest,
      units,
      new Set(units.map((_, i) => i).filter((i) => i >= split)),
    );
    // An earlier summary of ours stands for original steps: summarize those, not its text. A step
    // split across two rounds is covered once, as its original.
    const isOurs = (s: Step) => s.kind === 'summary' && !originalIds.has(s.id);
    const replaces = [
      ...new Set(
        summarized.flatMap((s) => (isOurs(s) && s.kind === 'summary' ? s.replaces : [s.id])),
      ),
    ];
    const covered = replaces.map((id) => byId.get(id) as Step);
    const summary: SummaryStep = {
      kind: 'summary',
      id: `summary-${round}`,
      stepNumber: (summarized[0] as Step).stepNumber,
      content: ctx.summarizer.summarize(covered),
      replaces,
      origin: ctx.summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
    };
    const next = [...system, summary, ...remaining];
    if (ctx.tokens.context(next) >= before) {
      // Strands would retry forever; a summary no smaller than what it replaces cannot help.
      notes.push(
        `unable to shrink further: the summary of ${split} messages is no smaller than they are`,
      );
      break;
    }
    current = next;
    notes.push(`round ${round}: summarized ${split} of ${messages.length} messages`);
  }
  return buildResult(original, current, notes);
}
