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
import { listContext, listMemo, UnitIndex } from './replay-kit';
import { prefixSummary, summaryTokens } from './prefix-summaries';
import { buildResult, keepAll, stepPositions } from './result';
import type { StepTokens } from '../tokens/step-tokens';
import { extractiveSummarizer, type Summarizer } from './summarizer';
import type { HistoryLike, Strategy, StrategyContext, StrategyResult } from './types';
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
    if (!ctx.summarizer.createAccumulator || summaryIds(original))
      return applyByRounds(history, p, ctx);
    const index = UnitIndex.cached(original, ctx.tokens, 'strands', 'no-system');
    const n = original.length;
    // The rounds on unit indices, as the replay runs them (`extendRounds`), each taken while the
    // request is over the limit: the rounds do not depend on the limit, only how many are taken.
    const rounds = roundsOf(original, p, ctx, used);
    const notes: string[] = [];
    let before = used;
    let taken = 0;
    while (before > limit) {
      if (taken === rounds.list.length && !extendRounds(rounds, original, p, ctx)) {
        if (rounds.stop !== undefined) notes.push(rounds.stop);
        break;
      }
      const round = rounds.list[taken++] as Round;
      before = round.tokens;
      notes.push(round.note);
    }
    const last = taken > 0 ? (rounds.list[taken - 1] as Round) : undefined;
    const summary = last?.summary;
    const c = last?.c ?? 0;
    if (!summary) return buildResult(original, original, notes);
    // The steps before the one holding unit c are summarized (those with units) or kept (those
    // without), in order; the list's split of them is made once (`splitOf`).
    const split = splitOf(original, index);
    const owner = (index.units[c] as StrategyUnit<StrandsMessage> | undefined)?.stepIndex ?? n;
    const replaces = split.ids.slice(0, split.withUnitsBefore[owner]);
    const kept: Step[] = [];
    for (const i of split.withoutUnits) {
      if (i >= owner) break;
      kept.push(original[i] as Step);
    }
    if (owner < n) {
      // The step cut at unit c: summarized, and its units from c on kept as a partial step.
      const s = original[owner] as Step;
      const units = index.unitsPerStep[owner] as number;
      const first = index.firstUnit[owner] as number;
      if (first < c) replaces.push(s.id);
      const variant = keptVariant(
        s,
        index.units.slice(first, first + units),
        Array.from({ length: units }, (_, u) => first + u >= c),
      );
      if (variant) kept.push(variant);
    }
    for (let i = owner + 1; i < n; i++) {
      const s = original[i] as Step;
      if (s.kind !== 'system-prompt') kept.push(s);
    }
    return buildResult(original, [...split.prompts, { ...summary, replaces }, ...kept], notes);
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
    summaryIds(history.steps) ? undefined : windowReplay(history, p, ctx)?.shared(calls),
  replayContexts: (history, p, ctx) =>
    summaryIds(history.steps) ? undefined : windowReplay(history, p, ctx)?.contextAt,
  replayViews: (history, p, ctx) =>
    summaryIds(history.steps) ? undefined : windowReplay(history, p, ctx)?.views(),
};

/** Whether a step of the list is named like our summaries (`summary-<round>`), once per list. */
function summaryIds(steps: readonly Step[]): boolean {
  return listMemo(steps, OWNER, 'summary-ids', () =>
    steps.some((s) => s.id.startsWith('summary-')),
  );
}

/**
 * What the first apply on a loaded list builds, at load (load-index.ts): the list's context tokens,
 * whether an id reads as one of our summaries', the Strands units' messages (the index itself is
 * the Strands window's, built at load), the default parameters' rounds with the built-in
 * summarizer (every round they can take: an apply takes the first ones while the request is over
 * its window, so any window's apply reuses them), the steps' split into summarized and kept, and
 * the list's positions by id (`buildResult` looks every summarized step up there).
 */
export function prepareSummarizingWindow(steps: readonly Step[], tokens: StepTokens): void {
  const used = listContext(steps, tokens);
  if (summaryIds(steps)) return;
  void UnitIndex.cached(steps, tokens, 'strands', 'no-system').messages;
  const ctx = { tokens, summarizer: extractiveSummarizer };
  const rounds = roundsOf(steps, DEFAULTS, ctx, used);
  while (extendRounds(rounds, steps, DEFAULTS, ctx));
  if (rounds.list.length === 0) return;
  splitOf(steps, UnitIndex.cached(steps, tokens, 'strands', 'no-system'));
  stepPositions(steps);
}

const DEFAULTS: Params = params.parse({});

/** A list's steps as the window's apply splits them around the step holding the first unit kept. */
interface Split {
  /** The system prompts, kept outside the messages. */
  readonly prompts: readonly Step[];
  /** The ids of the other steps with units, in order. */
  readonly ids: readonly string[];
  /** `withUnitsBefore[i]`: how many of them are before step i. */
  readonly withUnitsBefore: Int32Array;
  /** The indices of the other steps without units (kept whole), in order. */
  readonly withoutUnits: readonly number[];
}

function splitOf(original: readonly Step[], index: UnitIndex<StrandsMessage>): Split {
  return listMemo(original, index, 'window-split', () => {
    const n = original.length;
    const prompts: Step[] = [];
    const ids: string[] = [];
    const withUnitsBefore = new Int32Array(n + 1);
    const withoutUnits: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = original[i] as Step;
      withUnitsBefore[i] = ids.length;
      if (s.kind === 'system-prompt') prompts.push(s);
      else if ((index.unitsPerStep[i] as number) > 0) ids.push(s.id);
      else withoutUnits.push(i);
    }
    withUnitsBefore[n] = ids.length;
    return { prompts, ids, withUnitsBefore, withoutUnits };
  });
}

/** One round of the summarizing window on a list: the units from `c` on kept after it. */
interface Round {
  readonly c: number;
  /** The request's tokens after it. */
  readonly tokens: number;
  readonly summary: SummaryStep;
  readonly note: string;
}

/**
 * The rounds of one list, parameters, counter and summarizer, as far as an apply has needed them.
 * Whether a round happens depends on the limit only through "the request is still over it", so
 * every apply takes a prefix of the same sequence: a later apply (another window, or the first
 * after a load that ran them) reuses the rounds an earlier one computed.
 */
interface Rounds {
  readonly list: Round[];
  /** The request's tokens after the last round (the list's context before the first). */
  before: number;
  /** No round can follow the last one. */
  ended: boolean;
  /** Why (a note), unless `MAX_ROUNDS` ended it. */
  stop?: string;
}

type RoundsContext = Pick<StrategyContext, 'tokens' | 'summarizer'>;

function roundsOf(original: readonly Step[], p: Params, ctx: RoundsContext, used: number): Rounds {
  const bySummarizer = listMemo(
    original,
    ctx.tokens,
    `window-rounds:${p.summaryRatio}:${p.preserveRecentMessages}`,
    () => new WeakMap<Summarizer, Rounds>(),
  );
  let rounds = bySummarizer.get(ctx.summarizer);
  if (!rounds)
    bySummarizer.set(ctx.summarizer, (rounds = { list: [], before: used, ended: false }));
  return rounds;
}

/**
 * The next round, as Strands takes it on [system] + one summary of every step with a unit before
 * `c` + the units from `c` on (`applyByRounds` builds each list); false once none can follow. Each
 * summary is of a prefix of the list, built once (`prefixSummary`).
 */
function extendRounds(
  rounds: Rounds,
  original: readonly Step[],
  p: Params,
  ctx: RoundsContext,
): boolean {
  if (rounds.ended) return false;
  const round = rounds.list.length + 1;
  if (round > MAX_ROUNDS) {
    rounds.ended = true;
    return false;
  }
  const stop = (note: string) => {
    rounds.ended = true;
    rounds.stop = note;
    return false;
  };
  const index = UnitIndex.cached(original, ctx.tokens, 'strands', 'no-system');
  const n = original.length;
  const system = index.otherSums[n] as number;
  const end = index.unitsBefore(n);
  const c = rounds.list[rounds.list.length - 1]?.c ?? 0;
  const summarized = c > 0 ? 1 : 0;
  const length = summarized + end - c;
  const count = Math.min(
    Math.max(1, Math.floor(length * p.summaryRatio)),
    length - p.preserveRecentMessages,
  );
  if (count <= 0)
    return stop(
      `insufficient messages for summarization (${length}, preserving ${p.preserveRecentMessages})`,
    );
  // The list is [summary?, units c..end); the summary (plain user text) never moves the split.
  const split = adjustSplitPoint(index.messages, count - summarized, c, end);
  if (split === undefined) return stop('unable to find a valid split point for summarization');
  const next = c + split;
  const first = index.units[0] as StrategyUnit<StrandsMessage>;
  const candidate: SummaryStep = {
    kind: 'summary',
    id: `summary-${round}`,
    stepNumber: (original[first.stepIndex] as Step).stepNumber,
    content: prefixSummary(
      original,
      ctx.summarizer,
      'strands-units',
      (i) => (index.unitsPerStep[i] as number) > 0,
      (index.units[next - 1] as StrategyUnit<StrandsMessage>).stepIndex + 1,
    ) as string,
    replaces: [],
    origin: ctx.summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
  };
  const tokens = index.contextTokens([[next, end]], system + summaryTokens(ctx.tokens, candidate));
  if (tokens >= rounds.before)
    return stop(
      `unable to shrink further: the summary of ${summarized + split} messages is no smaller than they are`,
    );
  rounds.list.push({
    c: next,
    tokens,
    summary: candidate,
    note: `round ${round}: summarized ${summarized + split} of ${length} messages`,
  });
  rounds.before = tokens;
  return true;
}

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
