/**
 * Pure preparation of what the timeline views show (STYLE.md §6: charts only render these):
 * per-step token series with the context each model call saw, and the run's totals.
 */
import { headlineOf } from '../model/headline';
import { isModelCall } from '../model/steps';
import type { Step, StepKind } from '../model/types';
import { promptTokensOf } from '../model/usage';
import { noneContexts, stepsRead } from '../simulate/reconcile';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';

export interface TokenPoint {
  readonly index: number;
  readonly stepNumber: number;
  readonly id: string;
  readonly kind: StepKind;
  readonly tokens: number;
  /** Context tokens the model received for the call that produced this step (model calls only). */
  readonly context: number | null;
  /** The prompt tokens the file reports the provider billed for that call, when it reports them. */
  readonly reported: number | null;
}

/** A series with no point (one shared value: what a deferred series is before it is made). */
export const NO_POINTS: readonly TokenPoint[] = [];

/**
 * Per step: its tokens, and at each model call what `none` sends (the history before it, less what
 * a compaction the run recorded replaced) beside what the file reports was billed.
 */
export function prepareTokenSeries(
  steps: readonly Step[],
  tokens: readonly number[],
): TokenPoint[] {
  const contextAt = new Map(noneContexts(steps, tokens).map((c) => [c.stepIndex, c.tokens]));
  return steps.map((s, index) => {
    const usage = s.kind === 'action' || s.kind === 'planning' ? s.usage : undefined;
    const prompt = usage ? promptTokensOf(usage) : undefined;
    return {
      index,
      stepNumber: s.stepNumber,
      id: s.id,
      kind: s.kind,
      tokens: tokens[index] ?? 0,
      context: contextAt.get(index) ?? null,
      reported: prompt && prompt.total > 0 ? prompt.total : null,
    };
  });
}

export interface RunTotals {
  readonly steps: number;
  readonly byKind: Partial<Record<StepKind, number>>;
  /**
   * The calls the rows name (lib/model/headline.ts): every recorded tool call, and every command
   * an agent wrote in its text that its framework ran (SWE-agent, mini-swe-agent).
   */
  readonly toolCalls: number;
  /** Of those, the calls whose result is an error (or whose command exited with a failure). */
  readonly failedCalls: number;
  /**
   * Steps the rows mark as errors: a failed call, or an error the step records beside its calls
   * (a reply the framework could not parse, a tool output whose call is not in the file), so it can
   * exceed `toolCalls`.
   */
  readonly errors: number;
  /** The whole history once (every step, the last reply included): its size. */
  readonly singlePassTokens: number;
  /** Every model call resends the history before it: the run's real input cost without pruning. */
  readonly runInputTokens: number;
  /**
   * One pass, in run input's scope (`readOnce`): every step some call reads, counted once, with the
   * reply priming once. Run input counts the same steps once per call that reads them, so it is
   * never below one pass.
   */
  readonly onePass: OnePass;
  readonly modelCalls: number;
  readonly peakContext: number;
  readonly largest: readonly {
    readonly id: string;
    readonly stepNumber: number;
    readonly kind: StepKind;
    readonly tokens: number;
  }[];
}

/** One pass and what it leaves out, in run input's scope (this history; its sub-agents apart). */
export interface OnePass {
  readonly tokens: number;
  /** Steps some call reads. */
  readonly steps: number;
  /** Steps no call reads (the last reply, a compacted step no call saw), and their tokens. */
  readonly unreadSteps: number;
  readonly unreadTokens: number;
}

/**
 * "Every step sent once" over what the calls read: without this scope the last reply, which is
 * output and never resent, made one pass exceed run input on short runs (a Claude Code parent run
 * of 2 calls: 3,776 over 3,406, "×0.9").
 */
export function readOnce(steps: readonly Step[], tokens: readonly number[]): OnePass {
  const read = stepsRead(steps, tokens);
  let readTokens = 0;
  let readSteps = 0;
  let unreadTokens = 0;
  read.forEach((r, i) => {
    if (r) {
      readTokens += tokens[i] ?? 0;
      readSteps++;
    } else unreadTokens += tokens[i] ?? 0;
  });
  return {
    // The reply priming once, as one request carries it.
    tokens: steps.some(isModelCall) ? REPLY_PRIMING_TOKENS + readTokens : 0,
    steps: readSteps,
    unreadSteps: steps.length - readSteps,
    unreadTokens,
  };
}

type CallTallies = Pick<RunTotals, 'byKind' | 'toolCalls' | 'failedCalls' | 'errors'>;
const tallies = new WeakMap<readonly Step[], CallTallies>();

/**
 * Steps by kind, and the calls and errors the rows show (so the card and the rows cannot
 * disagree): of the steps alone, so built once per list, not again when exact counts replace the
 * estimate.
 */
function callTallies(steps: readonly Step[]): CallTallies {
  let out = tallies.get(steps);
  if (out) return out;
  const byKind: Partial<Record<StepKind, number>> = {};
  let toolCalls = 0;
  let failedCalls = 0;
  let errors = 0;
  for (const s of steps) {
    byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
    const headline = headlineOf(s);
    toolCalls += headline.calls.length;
    for (const c of headline.calls) if (c.failed) failedCalls++;
    if (headline.error !== undefined) errors++;
  }
  out = { byKind, toolCalls, failedCalls, errors };
  tallies.set(steps, out);
  return out;
}

/** The largest context any model call of the series received (0 without a call). */
export function peakContextOf(series: readonly TokenPoint[]): number {
  let peak = 0;
  for (const p of series) if (p.context !== null && p.context > peak) peak = p.context;
  return peak;
}

/** Most tokens first; among equals, the earlier step first. */
const byTokens = (a: TokenPoint, b: TokenPoint) => b.tokens - a.tokens || a.index - b.index;

/**
 * The `count` points `byTokens` ranks first, in that order: one pass keeping the best so far, where
 * sorting a copy of 100,000 points took ~80 ms of a run's first paint.
 */
export function largestPoints(series: readonly TokenPoint[], count: number): TokenPoint[] {
  const out: TokenPoint[] = [];
  if (count <= 0) return out;
  for (const p of series) {
    if (out.length === count && byTokens(p, out[count - 1] as TokenPoint) >= 0) continue;
    let at = out.length;
    while (at > 0 && byTokens(p, out[at - 1] as TokenPoint) < 0) at--;
    out.splice(at, 0, p);
    if (out.length > count) out.pop();
  }
  return out;
}

export function prepareTotals(
  steps: readonly Step[],
  tokens: readonly number[],
  largestCount = 5,
  /** `prepareTokenSeries(steps, tokens)`, when the caller has it (the page's chart draws it too). */
  series: readonly TokenPoint[] = prepareTokenSeries(steps, tokens),
): RunTotals {
  const { byKind, toolCalls, failedCalls, errors } = callTallies(steps);
  const contexts = series.map((p) => p.context).filter((c): c is number => c !== null);
  const largest = largestPoints(series, largestCount).map((p) => ({
    id: p.id,
    stepNumber: p.stepNumber,
    kind: p.kind,
    tokens: p.tokens,
  }));
  return {
    steps: steps.length,
    byKind,
    toolCalls,
    failedCalls,
    errors,
    singlePassTokens: REPLY_PRIMING_TOKENS + tokens.reduce((n, t) => n + t, 0),
    runInputTokens: contexts.reduce((n, c) => n + c, 0),
    onePass: readOnce(steps, tokens),
    modelCalls: contexts.length,
    peakContext: peakContextOf(series),
    largest,
  };
}

export interface ChartPoint extends TokenPoint {
  /** The step numbers this point covers (one step, or a bucket of consecutive steps). */
  readonly firstStep: number;
  readonly lastStep: number;
}

/**
 * At most `maxPoints` points for the chart: long runs are cut into buckets of consecutive steps, each
 * shown by its largest step (so peaks survive) with the context of its last model call. A chart of
 * 12,000 bars renders for seconds and shows no more than a few hundred pixels can.
 */
export function bucketTokenSeries(series: readonly TokenPoint[], maxPoints = 600): ChartPoint[] {
  if (series.length <= maxPoints)
    return series.map((p) => ({ ...p, firstStep: p.stepNumber, lastStep: p.stepNumber }));
  const size = Math.ceil(series.length / maxPoints);
  const out: ChartPoint[] = [];
  for (let start = 0; start < series.length; start += size) {
    const bucket = series.slice(start, start + size);
    let largest = bucket[0] as TokenPoint;
    let context: number | null = null;
    let reported: number | null = null;
    for (const p of bucket) {
      if (p.tokens > largest.tokens) largest = p;
      if (p.context !== null) context = p.context;
      if (p.reported !== null) reported = p.reported;
    }
    out.push({
      ...largest,
      context,
      reported,
      firstStep: (bucket[0] as TokenPoint).stepNumber,
      lastStep: (bucket[bucket.length - 1] as TokenPoint).stepNumber,
    });
  }
  return out;
}

/** The chart point (`bucketTokenSeries`) that shows step `index` of a series of `length` steps. */
export function chartIndexOf(index: number, length: number, maxPoints = 600): number {
  return length <= maxPoints ? index : Math.floor(index / Math.ceil(length / maxPoints));
}
