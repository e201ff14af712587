/**
 * OpenHands' `LLMSummarizingCondenser` (software-agent-sdk,
 * openhands-sdk/openhands/sdk/context/condenser/llm_summarizing_condenser.py at 611629e69): before
 * a model call, when the view holds more than `max_size` events (240 by default) or more tokens than
 * the model takes, it keeps the first `keep_first` events (2) and a tail, and replaces what lies
 * between with one summary:
 * - for the event count, the tail is `max_size // 2 - keep_first - 1` events;
 * - for tokens, the tail is what remains after forgetting enough to fall to half the limit;
 * - the stricter of the two wins, and both ends move to the next "manipulation index" so a tool
 *   call is never parted from its observation (here: step boundaries, since a step holds its calls
 *   and their results).
 * Events are counted as the SDK's view counts them: one per system prompt, user or agent message,
 * one per tool call (`ActionEvent`) and one per result (`ObservationEvent`); a previous summary is
 * one event, and it is forgotten with the rest (the view shows only the latest).
 * The summary comes from the context's summarizer (extractive and offline by default).
 */
import { z } from 'zod';
import type { Step, SummaryStep } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import {
  type ContextParts,
  firstTrue,
  listContext,
  listMemo,
  partsViews,
  replayMemo,
} from './replay-kit';
import { prefixSummary, prefixSummaryTokens } from './prefix-summaries';
import { buildResult, keepAll } from './result';
import { extractiveSummarizer } from './summarizer';
import type { StepTokens } from '../tokens/step-tokens';
import type { Strategy, StrategyContext } from './types';

const params = z
  .object({
    maxSize: z
      .number()
      .int()
      .positive()
      .default(240)
      .describe('Condense when the view holds more events than this (max_size).')
      .meta({ title: 'Events before condensing', upstream: 'max_size' }),
    keepFirst: z
      .number()
      .int()
      .min(0)
      .default(2)
      .describe('Events at the start never condensed (keep_first).')
      .meta({ title: 'First events kept', upstream: 'keep_first' }),
  })
  .refine((p) => Math.floor(p.maxSize / 2) - p.keepFirst - 1 > 0, {
    message: 'keepFirst must be less than maxSize // 2 - 1, to leave room for condensation',
    path: ['keepFirst'],
  });
type Params = z.infer<typeof params>;

/** The events the SDK's view holds for one step. */
export function eventsOf(step: Step): number {
  if (step.kind !== 'action' || step.toolCalls.length === 0) return 1;
  let n = 0;
  for (const c of step.toolCalls) n += c.result !== undefined ? 2 : 1;
  return n;
}

/** `starts[i]`: events before step i (the step boundaries are the manipulation indices), once per list. */
const eventStarts = (steps: readonly Step[]): readonly number[] =>
  listMemo(steps, STARTS, 'starts', () => {
    const starts = [0];
    let n = 0;
    for (const s of steps) starts.push((n += eventsOf(s)));
    return starts;
  });

const STARTS = {};

/** The list's ids, in order, once per list. */
const stepIds = (steps: readonly Step[]): readonly string[] =>
  listMemo(steps, STARTS, 'step-ids', () => steps.map((s) => s.id));

export const condenseEvents: Strategy<Params> = {
  id: 'condense-events',
  label: 'Condense events (OpenHands)',
  description:
    'Past max_size events or the model’s input limit, keeps the first events and a tail and summarizes the middle.',
  source: 'OpenHands LLMSummarizingCondenser',
  paramsSchema: params,
  acts: (p, window) =>
    `condenses only once the view holds more than ${p.maxSize.toLocaleString('en-US')} events or ${window.toLocaleString('en-US')} tokens`,
  apply(history, p, ctx) {
    const steps = history.steps;
    const starts = eventStarts(steps);
    const total = starts[steps.length] as number;
    const tokens = listContext(steps, ctx.tokens);
    const overEvents = total > p.maxSize;
    const overTokens = tokens > ctx.contextWindow;
    if (!overEvents && !overTokens)
      return keepAll(steps, [
        `within the condenser's limits: ${total} ≤ ${p.maxSize} events, ${tokens} ≤ ${ctx.contextWindow} tokens`,
      ]);
    const start = boundaryAt(starts, p.keepFirst);
    let end = start;
    if (overEvents) end = Math.max(end, eventsEnd(starts, p));
    if (overTokens) {
      // Forget from the start until the context falls to half the limit: the first k at or past
      // `start` whose steps [start, k) bring it there, or every step, by binary search on the
      // list's prefix sums (walking step by step counted 100,000 steps on a long run).
      const all = stepSums(steps, ctx);
      const from = all[start] as number;
      const half = ctx.contextWindow / 2;
      const k = firstTrue(start, steps.length, (j) => tokens - ((all[j] as number) - from) <= half);
      end = Math.max(end, k);
    }
    end = Math.min(end, steps.length);
    if (end <= start) return keepAll(steps, ['no whole step to condense past keep_first']);
    const summary = condensation(
      steps,
      start,
      end,
      prefixSummary(steps, ctx.summarizer, `from:${start}`, (i) => i >= start, end) ??
        ctx.summarizer.summarize(steps.slice(start, end)),
      ctx,
    );
    const output = [...steps.slice(0, start), summary, ...steps.slice(end)];
    const why = [
      overEvents && `${total} > ${p.maxSize} events`,
      overTokens && `${tokens} > ${ctx.contextWindow} tokens`,
    ].filter(Boolean);
    return buildResult(steps, output, [
      `condensed ${end - start} steps (${(starts[end] as number) - (starts[start] as number)} events; ${why.join(', ')}) into one summary`,
    ]);
  },
  /**
   * Before call k the context is the prefix condensed: its first steps, one summary of the span
   * [start, end) the apply above picks, and the rest. The span follows from prefix sums of events
   * and tokens (binary search where the apply walks); its summary is built once per span. Without
   * a summarizer's incremental form it replays by applying before every call.
   */
  replayTokens: (history, calls, p, ctx) => {
    const at = condensedAt(history.steps, p, ctx);
    return at && calls.map((k) => at(k).tokens);
  },
  /**
   * Each call's shared cached prefix from the same spans: two condensed contexts share their first
   * steps up to the earlier span's start, and the summary and all the earlier context when their
   * spans are one (the same summary, then the same steps); a context sent whole shares its steps up
   * to the other's span. Exact, as `sameStep` compares them, where no step is named like our
   * summaries.
   */
  replayContexts: (history, p, ctx) => condensedParts(history.steps, p, ctx)?.contextAt,
  replayViews(history, p, ctx) {
    const steps = history.steps;
    const parts = condensedParts(steps, p, ctx);
    return parts && partsViews((i) => steps[i] as Step, parts.partsAt, parts.contextAt);
  },
  replayShared(history, calls, p, ctx) {
    const steps = history.steps;
    const at = condensedAt(steps, p, ctx);
    if (
      !at ||
      listMemo(steps, STARTS, 'ids', () => steps.some((s) => s.id.startsWith('condensation@')))
    )
      return undefined;
    const all = stepSums(steps, ctx);
    let before: Condensed | undefined;
    return calls.map((k) => {
      const b = at(k);
      const a = before;
      before = b;
      if (!a) return 0;
      if (a.end <= a.start) return all[Math.min(a.k, b.end > b.start ? b.start : a.k)] as number;
      if (b.end <= b.start) return all[a.start] as number;
      if (a.start !== b.start || a.end !== b.end) return all[Math.min(a.start, b.start)] as number;
      return a.tokens - REPLY_PRIMING_TOKENS;
    });
  },
};

/** The summary of steps [start, end) of a list, as the condenser inserts it. */
function condensation(
  steps: readonly Step[],
  start: number,
  end: number,
  content: string,
  ctx: StrategyContext,
): SummaryStep {
  const first = steps[start] as Step;
  return {
    kind: 'summary',
    id: `condensation@${(steps[end - 1] as Step).id}`,
    stepNumber: first.stepNumber,
    content,
    // A copy of the list's ids (read from 100,000 step objects of every shape, the ids were
    // most of what a first apply had left, once its summary was built at load).
    replaces: stepIds(steps).slice(start, end),
    origin: ctx.summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
    ...(first.timestamp !== undefined ? { timestamp: first.timestamp } : {}),
  };
}

/**
 * Before each call the context as parts (its first steps, the span's summary, the rest: once per
 * span), and as steps: what `apply` on the steps before the call returns.
 */
function condensedParts(steps: readonly Step[], p: Params, ctx: StrategyContext) {
  const at = condensedAt(steps, p, ctx);
  if (!at) return undefined;
  const summaries = new Map<string, SummaryStep>();
  const partsAt = (k: number): ContextParts => {
    const { start, end } = at(k);
    if (end <= start) return { ranges: [[0, k]], extra: [] };
    const key = `${start}:${end}`;
    let summary = summaries.get(key);
    if (!summary) {
      const content = prefixSummary(steps, ctx.summarizer, `from:${start}`, (i) => i >= start, end);
      summary = condensation(steps, start, end, content as string, ctx);
      summaries.set(key, summary);
    }
    return {
      ranges: [
        [0, start],
        [end, k],
      ],
      extra: [summary],
    };
  };
  const contextAt = (k: number): Step[] => {
    const { ranges, extra } = partsAt(k);
    const [head, tail] = ranges;
    if (!tail) return steps.slice(0, k);
    return [...steps.slice(0, head?.[1]), ...extra, ...steps.slice(tail[0], tail[1])];
  };
  return { partsAt, contextAt };
}

/** Before the call producing step k: its context's tokens and the span condensed (none: end ≤ start). */
interface Condensed {
  readonly k: number;
  readonly tokens: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The first step boundary at or after an event index (`starts` never decreases: by binary search),
 * or the list's end.
 */
function boundaryAt(starts: readonly number[], event: number): number {
  const i = firstTrue(0, starts.length, (j) => (starts[j] as number) >= event);
  return i === starts.length ? starts.length - 1 : i;
}

/** Where the event count's span ends: `max_size // 2 - keep_first - 1` events are kept after it. */
const eventsEnd = (starts: readonly number[], p: Params) =>
  boundaryAt(
    starts,
    (starts[starts.length - 1] as number) - (Math.floor(p.maxSize / 2) - p.keepFirst - 1),
  );

/**
 * What an apply reads of the list beside its counts (each step's events and tokens, summed), built
 * by a load (`prepareIndexes`, lib/strategies/load-index.ts) for the applies to come; and, past
 * `p.maxSize` events, the summary of the span the event count forgets, with the default
 * summarizer, as the apply's `prefixSummary` reads it: the apply's span starts there and ends
 * there or later (the tokens may forget more, depending on the window), so its summary goes on
 * from this one's accumulator (at 100k steps that summary was most of a first apply: issue 26).
 * `p`: the default parameters, what the apply reuses this for.
 */
export function prepareCondense(
  steps: readonly Step[],
  tokens: StepTokens,
  p: Params = DEFAULTS,
): void {
  const starts = eventStarts(steps);
  stepSums(steps, { tokens });
  if ((starts[steps.length] as number) <= p.maxSize) return;
  stepIds(steps);
  const start = boundaryAt(starts, p.keepFirst);
  const end = Math.min(eventsEnd(starts, p), steps.length);
  if (end > start)
    prefixSummary(steps, extractiveSummarizer, `from:${start}`, (i) => i >= start, end);
}

const DEFAULTS: Params = params.parse({});

/** `all[i]`: tokens of steps [0, i), once per list and counter. */
const stepSums = (
  steps: readonly Step[],
  ctx: Pick<StrategyContext, 'tokens'>,
): readonly number[] =>
  listMemo(steps, ctx.tokens, 'step-sums', () => {
    const all = [0];
    let n = 0;
    for (const s of steps) all.push((n += ctx.tokens.step(s)));
    return all;
  });

/**
 * Before call k the context is the prefix condensed: its first steps, one summary of the span
 * [start, end) `apply` picks, and the rest. The span follows from prefix sums of events and tokens
 * (binary search where the apply walks); its summary is built once per span. Per call, once per
 * list, counter, summarizer and parameters; undefined without a summarizer's incremental form.
 */
function condensedAt(
  steps: readonly Step[],
  p: Params,
  ctx: StrategyContext,
): ((k: number) => Condensed) | undefined {
  if (!ctx.summarizer.createAccumulator) return undefined;
  return replayMemo(steps, ctx, `condense-events ${JSON.stringify(p)}`, () => {
    const starts = eventStarts(steps);
    const all = stepSums(steps, ctx);
    const half = ctx.contextWindow / 2;
    const counts = new Map<string, number>();
    const memo = new Map<number, Condensed>();
    const decide = (k: number): Condensed => {
      const total = starts[k] as number;
      const tokens = REPLY_PRIMING_TOKENS + (all[k] as number);
      const overEvents = total > p.maxSize;
      const overTokens = tokens > ctx.contextWindow;
      if (!overEvents && !overTokens) return { k, tokens, start: 0, end: 0 };
      // `boundaryAt` on the prefix: its starts are starts[0..k].
      const boundaryAt = (event: number) =>
        Math.min(
          k,
          firstTrue(0, k + 1, (j) => (starts[j] as number) >= event),
        );
      const start = boundaryAt(p.keepFirst);
      let end = start;
      if (overEvents)
        end = Math.max(end, boundaryAt(total - (Math.floor(p.maxSize / 2) - p.keepFirst - 1)));
      if (overTokens)
        end = Math.max(
          end,
          firstTrue(
            start,
            k,
            (j) => tokens - ((all[j] as number) - (all[start] as number)) <= half,
          ),
        );
      end = Math.min(end, k);
      if (end <= start) return { k, tokens, start: 0, end: 0 };
      const key = `${start}:${end}`;
      let summary = counts.get(key);
      if (summary === undefined) {
        const first = steps[start] as Step;
        // The span's end moves with the run: counted from the summary's lines, not its text.
        summary = prefixSummaryTokens(
          steps,
          ctx.summarizer,
          `from:${start}`,
          (i) => i >= start,
          end,
          ctx.tokens,
          {
            kind: 'summary',
            id: `condensation@${(steps[end - 1] as Step).id}`,
            stepNumber: first.stepNumber,
            content: '',
            replaces: [],
            origin: ctx.summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
            ...(first.timestamp !== undefined ? { timestamp: first.timestamp } : {}),
          },
        ) as number;
        counts.set(key, summary);
      }
      return {
        k,
        tokens:
          REPLY_PRIMING_TOKENS +
          (all[start] as number) +
          summary +
          (all[k] as number) -
          (all[end] as number),
        start,
        end,
      };
    };
    return (k: number) => {
      let c = memo.get(k);
      if (!c) memo.set(k, (c = decide(k)));
      return c;
    };
  });
}
