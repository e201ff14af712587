/**
 * Claude Code's auto-compaction: before a call whose context passes the compaction threshold, the
 * whole conversation (everything but the system prompt) is replaced by one summary, and the session
 * goes on from there. Claude Code's threshold is "the auto-compact window minus a fixed safety
 * buffer", about 83% of a 200k window (maintainer's answer in anthropics/claude-code#86863):
 * `reserveTokens` defaults to 33,000 below the model's window; `thresholdTokens` sets it directly.
 * The summary comes from the context's summarizer (extractive and offline by default). Run in
 * place before every call, it draws Claude Code's sawtooth.
 *
 * The other coding agents compact the same way and differ in where the threshold is and what they
 * keep beside the summary, which the optional parameters model (all off by default, Claude Code):
 * - `thresholdShare`: a share of the window (Codex `auto_compact_token_limit`, 90% of the window for
 *   its models; Gemini CLI's compression threshold);
 * - `keepRecentTokens`: pi keeps the newest steps, walking back until about that many tokens
 *   (`keepRecentTokens`, 20,000; the step that crosses it is kept);
 * - `keepRecentShare`: Gemini CLI keeps the newest share of the history (`COMPRESSION_PRESERVE_THRESHOLD`, 0.3);
 * - `keepTaskTokens`: Codex keeps the user's messages, newest first, up to that many tokens
 *   (`COMPACT_USER_MESSAGE_MAX_TOKENS`, 20,000; the one that does not fit is cut there, here left out
 *   whole), before the summary.
 * Kept steps are whole steps, so a tool call never loses its result.
 */
import { z } from 'zod';
import type { Step, SummaryStep } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { MODELS } from '../tokens/models';
import type { StepTokens } from '../tokens/step-tokens';
import {
  type ContextParts,
  firstTrue,
  lastTrue,
  listContext,
  listMemo,
  partsViews,
  replayMemo,
} from './replay-kit';
import { prefixSummary, prefixSummaryTokens } from './prefix-summaries';
import { buildResult, idsUnique, keepAll } from './result';
import { extractiveSummarizer, type Summarizer } from './summarizer';
import type { Strategy, StrategyContext } from './types';

const params = z
  .object({
    reserveTokens: z
      .number()
      .int()
      .min(0)
      .default(33_000)
      .describe("Compact once the context is within this many tokens of the model's window.")
      .meta({
        title: 'Room kept below the window (tokens)',
        upstream: "Claude Code's buffer; pi reserveTokens",
      }),
    thresholdTokens: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Compact once the context passes this many tokens (overrides the reserve).')
      .meta({ title: 'Compact past (tokens)', upstream: 'Codex auto_compact_token_limit' }),
    thresholdShare: z
      .number()
      .gt(0)
      .max(1)
      .optional()
      .describe(
        "Compact once the context passes this share of the model's window (overrides the reserve).",
      )
      .meta({
        title: 'Compact past (share of the window)',
        upstream: 'Gemini CLI compressionThreshold',
      }),
    keepRecentTokens: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe('Keep the newest steps, back to about this many tokens, after the summary (pi).')
      .meta({ title: 'Newest tokens kept', upstream: 'pi keepRecentTokens' }),
    keepRecentShare: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe(
        'Keep the newest steps, up to this share of the tokens compacted, after the summary (Gemini CLI).',
      )
      .meta({ title: 'Newest share kept', upstream: 'Gemini CLI COMPRESSION_PRESERVE_THRESHOLD' }),
    keepTaskTokens: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe(
        "Keep the user's messages, newest first, up to this many tokens, before the summary (Codex).",
      )
      .meta({
        title: 'User messages kept (tokens)',
        upstream: 'Codex COMPACT_USER_MESSAGE_MAX_TOKENS',
      }),
  })
  // One threshold and one way to keep the newest steps: given both, one would be silently ignored.
  .refine((p) => p.thresholdTokens === undefined || p.thresholdShare === undefined, {
    message: 'give thresholdTokens or thresholdShare, not both',
    path: ['thresholdShare'],
  })
  .refine((p) => p.keepRecentTokens === 0 || p.keepRecentShare === 0, {
    message: 'give keepRecentTokens or keepRecentShare, not both',
    path: ['keepRecentShare'],
  });
type Params = z.infer<typeof params>;

export const compactConversation: Strategy<Params> = {
  id: 'compact-conversation',
  label: 'Compact conversation',
  description:
    'Past a threshold near the window, replaces the conversation but the system prompt (and what the framework keeps) with one summary.',
  source: 'Claude Code auto-compact; pi, Codex and Gemini CLI compaction',
  paramsSchema: params,
  acts: (p, window) => {
    const at =
      p.thresholdTokens ??
      (p.thresholdShare !== undefined
        ? Math.floor(p.thresholdShare * window)
        : Math.max(0, window - p.reserveTokens));
    const why =
      p.thresholdTokens !== undefined
        ? ''
        : p.thresholdShare !== undefined
          ? ` (${Math.round(p.thresholdShare * 100)}% of the window)`
          : ` (the window minus ${p.reserveTokens.toLocaleString('en-US')})`;
    return `compacts only once the context passes ${at.toLocaleString('en-US')} tokens${why}`;
  },
  apply(history, p, ctx) {
    const steps = history.steps;
    const threshold = thresholdOf(p, ctx.contextWindow);
    const used = listContext(steps, ctx.tokens);
    if (used <= threshold)
      return keepAll(steps, [`below the compaction threshold: ${used} ≤ ${threshold} tokens`]);
    const { system, rest } = partsOf(steps);
    const tokensOf = (s: Step) => ctx.tokens.step(s);
    const recent = keptRecent(rest, p, tokensOf, () => restTokens(steps, rest, ctx.tokens));
    const tasks = keptTasks(rest, rest.length - recent.length, p.keepTaskTokens, tokensOf);
    // Without kept user messages (and with no step object listed twice) the summary covers a
    // prefix of the list: built once per prefix.
    const prefix = tasks.length === 0 && partsOf(steps).distinct;
    const kept = new Set([...recent, ...tasks]);
    // Nothing kept: the summary covers the rest itself (read, never changed; a copy of 100,000
    // steps was one more allocation for a first apply to collect).
    const covered = prefix
      ? recent.length === 0
        ? rest
        : rest.slice(0, rest.length - recent.length)
      : rest.filter((s) => !kept.has(s));
    if (covered.length === 0) return keepAll(steps, ['nothing to compact']);
    const end = recent.length === 0 ? steps.length : steps.indexOf(recent[0] as Step);
    const summary =
      (prefix ? prefixSummaryStep(steps, ctx.summarizer, end, covered.length) : undefined) ??
      summaryStep(
        covered[0] as Step,
        ctx.summarizer.summarize(covered),
        covered.map((s) => s.id),
        ctx.summarizer,
      );
    const output = [...system, ...tasks, summary, ...recent];
    const keeping = [
      tasks.length > 0 && `kept ${tasks.length} user message(s)`,
      recent.length > 0 && `kept the newest ${recent.length} step(s)`,
    ].filter(Boolean);
    return buildResult(steps, output, [
      `compacted ${covered.length} steps (${used} > ${threshold} tokens) into one summary of ${ctx.tokens.step(summary)} tokens${keeping.length > 0 ? `; ${keeping.join(', ')}` : ''}`,
    ]);
  },
  replayTokens: (history, calls, p, ctx) => {
    const at = compactedAt(history.steps, p, ctx);
    return at && calls.map((k) => at(k).tokens);
  },
  replayContexts: (history, p, ctx) => compactedParts(history.steps, p, ctx)?.contextAt,
  replayViews(history, p, ctx) {
    const parts = compactedParts(history.steps, p, ctx);
    return parts && partsViews(parts.stepAt, parts.partsAt, parts.contextAt);
  },
  /**
   * Each call's shared cached prefix from the same decisions: a compacted context is [system
   * prompts] + one summary + the newest steps, so two share their system prompts, and the summary
   * and all the earlier context when they summarize the same steps (the same summary, then the
   * earlier newest steps the later one's first); a context sent whole shares its leading system
   * prompts with a compacted one. Exact, as `sameStep` compares them, where no step is named like
   * our summary.
   */
  replayShared(history, calls, p, ctx) {
    const steps = history.steps;
    const at = compactedAt(steps, p, ctx);
    if (!at || listMemo(steps, PARTS, 'ids', () => steps.some((s) => s.id === 'compact-summary')))
      return undefined;
    const sums = compactSums(steps, ctx);
    /** Tokens of the leading steps of `steps[0, k)` that are its first system prompts. */
    const leading = (k: number, prompts: number) =>
      sums.all[Math.min(k, prompts, sums.leadingSystem)] as number;
    let before: Compacted | undefined;
    return calls.map((k) => {
      const b = at(k);
      const a = before;
      before = b;
      if (!a) return 0;
      if (a.covered === 0 && b.covered === 0) return sums.all[a.k] as number;
      if (a.covered === 0) return leading(a.k, sums.systemCount[b.k] as number);
      if (b.covered === 0) return leading(b.k, sums.systemCount[a.k] as number);
      const prompts = sums.system[a.k] as number;
      if (sums.systemCount[a.k] !== sums.systemCount[b.k] || a.covered !== b.covered)
        return prompts;
      return a.tokens - REPLY_PRIMING_TOKENS;
    });
  },
};

/** Before the call producing step k: its context's tokens and how many steps its summary covers (0: none). */
interface Compacted {
  readonly k: number;
  readonly tokens: number;
  readonly covered: number;
}

/**
 * Over the whole list, once per list and counter: all[i], system[i] tokens of steps [0, i) and of
 * its system prompts, systemCount[i] how many; restAt[j] the position of the j-th step but system
 * prompts, restSums[j] the tokens of the first j of them, restBefore[i] how many of them are
 * before i; leadingSystem how many steps open the list as system prompts.
 */
function compactSums(steps: readonly Step[], ctx: Pick<StrategyContext, 'tokens'>) {
  return listMemo(steps, ctx.tokens, 'compact-sums', () => {
    const all = [0];
    const system = [0];
    const systemCount = [0];
    const restAt: number[] = [];
    const restSums = [0];
    const restBefore = [0];
    steps.forEach((s, i) => {
      const t = ctx.tokens.step(s);
      all.push((all[i] as number) + t);
      system.push((system[i] as number) + (isRest(s) ? 0 : t));
      systemCount.push((systemCount[i] as number) + (isRest(s) ? 0 : 1));
      if (isRest(s)) {
        restAt.push(i);
        restSums.push((restSums[restSums.length - 1] as number) + t);
      }
      restBefore.push(restAt.length);
    });
    const leadingSystem = restAt.length > 0 ? (restAt[0] as number) : steps.length;
    return { all, system, systemCount, restAt, restSums, restBefore, leadingSystem };
  });
}

/**
 * Before call k the context is the prefix's compaction: its system prompts, one summary of the
 * rest but the newest steps kept, and those. Prefix sums give the tokens, binary search the newest
 * steps kept (`keptRecent` walks back to the same place), and the summary is of a prefix of the
 * list, built once per prefix. Kept user messages (keepTaskTokens) leave holes in what the summary
 * covers: that configuration, a list with a step object twice and a summarizer without an
 * incremental form replay by applying before every call (undefined here). Per call, once per list,
 * counter, summarizer and parameters.
 */
function compactedAt(
  steps: readonly Step[],
  p: Params,
  ctx: StrategyContext,
): ((k: number) => Compacted) | undefined {
  if (
    p.keepTaskTokens > 0 ||
    (p.keepRecentTokens > 0 && p.keepRecentShare > 0) ||
    !ctx.summarizer.createAccumulator ||
    !partsOf(steps).distinct
  )
    return undefined;
  return replayMemo(steps, ctx, `compact-conversation ${JSON.stringify(p)}`, () => {
    const threshold = thresholdOf(p, ctx.contextWindow);
    const { all, system, restAt, restSums, restBefore } = compactSums(steps, ctx);
    const counts = new Map<number, number>();
    const memo = new Map<number, Compacted>();
    const decide = (k: number): Compacted => {
      const used = REPLY_PRIMING_TOKENS + (all[k] as number);
      if (used <= threshold) return { k, tokens: used, covered: 0 };
      const length = restBefore[k] as number;
      const tail = (j: number) => (restSums[length] as number) - (restSums[length - j] as number);
      // `keptRecent`: j newest steps, never them all.
      let kept = 0;
      if (p.keepRecentTokens > 0 && length > 1)
        kept = Math.min(
          length - 1,
          firstTrue(1, length, (j) => tail(j) >= p.keepRecentTokens),
        );
      else if (p.keepRecentShare > 0 && length > 1) {
        const share = p.keepRecentShare * (restSums[length] as number);
        kept = lastTrue(length - 1, (j) => tail(j) <= share);
      }
      const covered = length - kept;
      if (covered <= 0) return { k, tokens: used, covered: 0 };
      const end = kept === 0 ? k : (restAt[length - kept] as number);
      let summary = counts.get(end);
      if (summary === undefined) {
        const first = steps[restAt[0] as number] as Step;
        // A new end at nearly every call once past the threshold: counted from the summary's
        // lines, not its text.
        summary = prefixSummaryTokens(
          steps,
          ctx.summarizer,
          'non-system',
          (i) => isRest(steps[i] as Step),
          end,
          ctx.tokens,
          summaryStep(first, '', [], ctx.summarizer),
        ) as number;
        counts.set(end, summary);
      }
      return {
        k,
        tokens: REPLY_PRIMING_TOKENS + (system[k] as number) + summary + tail(kept),
        covered,
      };
    };
    return (k: number) => {
      let c = memo.get(k);
      if (!c) memo.set(k, (c = decide(k)));
      return c;
    };
  });
}

/**
 * Before each call the context as parts, in an order of the list's steps with its system prompts
 * first (`stepAt`): the system prompts before the call, the summary, the newest steps kept (or
 * every step, uncompacted); and as steps: what `apply` on the steps before the call returns.
 */
function compactedParts(steps: readonly Step[], p: Params, ctx: StrategyContext) {
  const at = compactedAt(steps, p, ctx);
  if (!at) return undefined;
  const { systemCount, restAt, restBefore } = compactSums(steps, ctx);
  const { system, rest } = partsOf(steps);
  const order = [...system, ...rest];
  const prompts = system.length;
  const partsAt = (k: number): ContextParts => {
    const { covered } = at(k);
    const length = restBefore[k] as number;
    const head: [number, number] = [0, systemCount[k] as number];
    if (covered === 0) return { ranges: [head, [prompts, prompts + length]], extra: [] };
    const end = covered === length ? k : (restAt[covered] as number);
    const summary = prefixSummaryStep(steps, ctx.summarizer, end, covered) as SummaryStep;
    return { ranges: [head, [prompts + covered, prompts + length]], extra: [summary] };
  };
  const contextAt = (k: number): readonly Step[] => {
    const { ranges, extra } = partsAt(k);
    if (extra.length === 0) return steps.slice(0, k);
    return ranges.flatMap(([a, b], r) => [...(r === 1 ? extra : []), ...order.slice(a, b)]);
  };
  return { stepAt: (i: number) => order[i] as Step, partsAt, contextAt };
}

/** Where it compacts: the threshold given, or a share of the window, or the window minus the reserve. */
const thresholdOf = (p: Params, window: number) =>
  p.thresholdTokens ??
  (p.thresholdShare !== undefined
    ? Math.floor(p.thresholdShare * window)
    : Math.max(0, window - p.reserveTokens));

/**
 * The newest steps kept after the summary: walking back until `keepRecentTokens` is reached (the
 * step that reaches it is kept), or within `keepRecentShare` of the steps' tokens; never them all.
 */
function keptRecent(
  steps: readonly Step[],
  p: Params,
  tokensOf: (s: Step) => number,
  totalOf: () => number,
): Step[] {
  if (p.keepRecentTokens === 0 && p.keepRecentShare === 0) return [];
  const share = p.keepRecentShare * (p.keepRecentShare > 0 ? totalOf() : 0);
  let sum = 0;
  let start = steps.length;
  while (start > 1) {
    const t = tokensOf(steps[start - 1] as Step);
    if (p.keepRecentShare > 0 && sum + t > share) break;
    sum += t;
    start--;
    if (p.keepRecentTokens > 0 && sum >= p.keepRecentTokens) break;
  }
  return steps.slice(start);
}

/**
 * The user's messages among `steps[0, end)` kept before the summary, newest first up to `limit`
 * tokens, in their order.
 */
function keptTasks(
  steps: readonly Step[],
  end: number,
  limit: number,
  tokensOf: (s: Step) => number,
): Step[] {
  if (limit === 0) return [];
  const out: Step[] = [];
  let sum = 0;
  for (let i = end - 1; i >= 0; i--) {
    const s = steps[i] as Step;
    if (s.kind !== 'task') continue;
    const t = tokensOf(s);
    if (sum + t > limit) break;
    sum += t;
    out.unshift(s);
  }
  return out;
}

const isRest = (s: Step) => s.kind !== 'system-prompt';

/** The step that replaces `first` and the steps after it that `replaces` names. */
const summaryStep = (
  first: Step,
  content: string,
  replaces: readonly string[],
  summarizer: Summarizer,
): SummaryStep => ({
  kind: 'summary',
  id: 'compact-summary',
  stepNumber: first.stepNumber,
  content,
  replaces,
  origin: summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
  ...(first.timestamp !== undefined ? { timestamp: first.timestamp } : {}),
});

/**
 * The summary step of the first `covered` steps of the rest (no user message kept, no step object
 * listed twice), steps before `end`: one object per list, summarizer and span, so its tokens are
 * counted once (a load counts the default apply's). A step counted inside an apply was an insert
 * into the counter's weak caches, and the first insert after a collection that emptied many of
 * their entries rehashes the whole table (V8's EphemeronHashTable: 150-450 ms on 100k steps'
 * entries, measured here; issue 26's 100k / 20k row). Undefined without an incremental summarizer.
 */
function prefixSummaryStep(
  steps: readonly Step[],
  summarizer: Summarizer,
  end: number,
  covered: number,
): SummaryStep | undefined {
  return listMemo(steps, summarizer, `compact-summary:${end}:${covered}`, () => {
    const content = prefixSummary(
      steps,
      summarizer,
      'non-system',
      (i) => isRest(steps[i] as Step),
      end,
    );
    if (content === undefined) return undefined;
    // A prefix of the rest: a copy of its ids (read from 100,000 step objects of every shape,
    // the ids were most of what a first apply had left, once its summary was built at load).
    return summaryStep(
      partsOf(steps).rest[0] as Step,
      content,
      restIds(steps).slice(0, covered),
      summarizer,
    );
  });
}

/**
 * What an apply reads of the list beside its counts (its system prompts and the rest), built by a
 * load (`prepareIndexes`, lib/strategies/load-index.ts) for the applies to come; and, on a list
 * whose context is past `above` tokens, the summary the default parameters' apply writes (of every
 * step but the system prompts: it keeps no newest steps and no user messages), with the default
 * summarizer, as its `prefixSummary` would have built it. `above` defaults to the threshold of the
 * largest window the model table knows, so every model's default apply compacts this list and
 * reuses it (at 100k steps that summary was most of a first apply: issue 26).
 */
export function prepareCompact(
  steps: readonly Step[],
  tokens: StepTokens,
  above = LARGEST_DEFAULT_THRESHOLD,
): void {
  const { rest, distinct } = partsOf(steps);
  if (!distinct || rest.length === 0 || listContext(steps, tokens) <= above) return;
  const summary = prefixSummaryStep(steps, extractiveSummarizer, steps.length, rest.length);
  if (summary) tokens.step(summary);
}

/** The default threshold (the window minus the default reserve) of the largest window in the model table. */
const LARGEST_DEFAULT_THRESHOLD = thresholdOf(
  params.parse({}),
  Math.max(...MODELS.map((m) => m.contextWindow)),
);

/** The list's system prompts and the rest, and whether no step object is listed twice, once per list. */
function partsOf(steps: readonly Step[]): { system: Step[]; rest: Step[]; distinct: boolean } {
  return listMemo(steps, PARTS, 'parts', () => ({
    system: steps.filter((s) => !isRest(s)),
    rest: steps.filter(isRest),
    // Unique ids (the positions `buildResult` looks up anyway, often built at load) say it without
    // a set of 100,000 step objects.
    distinct: idsUnique(steps) || new Set(steps).size === steps.length,
  }));
}

/** The ids of the list's steps but its system prompts, in order, once per list. */
const restIds = (steps: readonly Step[]): readonly string[] =>
  listMemo(steps, PARTS, 'rest-ids', () => partsOf(steps).rest.map((s) => s.id));

/** The tokens of the list's steps but its system prompts, once per list and counter. */
const restTokens = (steps: readonly Step[], rest: readonly Step[], tokens: StepTokens) =>
  listMemo(steps, tokens, 'rest-tokens', () => rest.reduce((n, s) => n + tokens.step(s), 0));

const PARTS = {};
