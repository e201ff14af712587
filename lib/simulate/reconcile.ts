/**
 * The replay of `none` against the usage the file reports, call by call (issue 21): at every model
 * call, the context Stepscope counts (the run's own rendering, recorded compactions honoured) beside
 * the prompt the provider billed (its uncached, cache-read and cache-write parts, whatever the
 * file's convention: `promptTokensOf`). The gap is then explained from the run itself:
 * - a constant per call is what the framework sends and the file does not record (a system prompt,
 *   tool definitions), found as the offset of reported ≈ offset + scale × simulated;
 * - a scale away from 1 is another tokenizer (Stepscope counts with gpt-tokenizer; Claude, Gemini
 *   and open models bill with their own);
 * - a call whose reported input drops by more than half is a context change the file does not
 *   record as a step (a compaction, a cut);
 * - thinking: providers do not resend earlier turns' thinking (Anthropic strips it outside a tool
 *   loop; OpenAI never resends reasoning), while a reply that is only thinking is counted as text.
 * What is left after the fit is reported, never hidden.
 */
import { isModelCall } from '../model/steps';
import type { Step, Usage } from '../model/types';
import { promptTokensOf, type PromptTokens } from '../model/usage';
import type { TokenizerId } from '../tokens/tokenizer';
import { findModel, isEstimate } from '../tokens/models';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { contextEvents } from './recorded';
import { leastSquares } from './reported';

export interface CallReconciliation {
  /** 1-based number of the model call in the run. */
  readonly call: number;
  readonly stepIndex: number;
  readonly stepId: string;
  /** The context `none` sends at this call, counted by Stepscope. */
  readonly simulated: number;
  /** The prompt the file says the provider billed, split into its parts. */
  readonly reported?: PromptTokens;
  /** reported − simulated (tokens), when reported. */
  readonly gap?: number;
  /** The cost the file records for this call. */
  readonly recordedCostUsd?: number;
  readonly model?: string;
}

export interface Reconciliation {
  readonly calls: readonly CallReconciliation[];
  /** Calls with reported input. */
  readonly reportedCalls: number;
  /** Over the calls with reported input. */
  readonly simulatedTotal: number;
  readonly reportedTotal: number;
  /** reported ≈ offsetTokens + scale × simulated, fitted over those calls. */
  readonly offsetTokens: number;
  readonly scale: number;
  /** Median and largest |reported − fitted| / reported after the fit. */
  readonly residual: { readonly median: number; readonly max: number; readonly maxAtCall?: number };
  /** Why the two differ, one sentence each, in order of weight. */
  readonly explanations: readonly string[];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * Walks the run as `none` replays it: at each model call (step index `i`), the context it receives
 * (every step before it, less what recorded events hid: a compaction's replaced steps, seed 003's
 * summarized plan steps, plus the reply priming) and the ids hidden at that call.
 */
function walkNone(
  steps: readonly Step[],
  tokens: readonly number[],
  onCall: (i: number, context: number, hidden: ReadonlySet<string>) => void,
): void {
  const events = contextEvents(steps);
  const indexOf = new Map(events.length === 0 ? [] : steps.map((s, i) => [s.id, i]));
  const hidden = new Set<string>();
  let hiddenTokens = 0;
  let sum = 0;
  let e = 0;
  steps.forEach((s, i) => {
    // Events recorded at steps before i take effect for the calls from i on (`hiddenAfter`).
    for (; e < events.length && (events[e]?.at ?? Infinity) < i; e++) {
      const event = events[e];
      if (!event) continue;
      for (const id of event.stepIds) {
        const t = tokens[indexOf.get(id) ?? -1] ?? 0;
        if (event.kind === 'expand' && hidden.delete(id)) hiddenTokens -= t;
        else if (event.kind !== 'expand' && !hidden.has(id)) {
          hidden.add(id);
          hiddenTokens += t;
        }
      }
    }
    if (isModelCall(s)) onCall(i, REPLY_PRIMING_TOKENS + sum - hiddenTokens, hidden);
    sum += tokens[i] ?? 0;
  });
}

/**
 * The context `none` sends at each model call: every step before it, less what recorded events hid
 * (a compaction's replaced steps, seed 003's summarized plan steps), plus the reply priming.
 */
export function noneContexts(
  steps: readonly Step[],
  tokens: readonly number[],
): { stepIndex: number; tokens: number }[] {
  const out: { stepIndex: number; tokens: number }[] = [];
  walkNone(steps, tokens, (stepIndex, context) => out.push({ stepIndex, tokens: context }));
  return out;
}

/**
 * Which steps some model call reads as `none` replays the run: a step is read when at least one
 * call after it has it in its context. The run's last reply (output no call reads back), a task
 * after the last call, and a step a compaction replaced before any call saw it are not.
 */
export function stepsRead(steps: readonly Step[], tokens: readonly number[]): boolean[] {
  // Most runs record no event: every step before the last call is read (the walk below, without
  // its per-call filtering, which takes ~20 ms of a 9,405-step run's first render).
  if (contextEvents(steps).length === 0) {
    let last = steps.length - 1;
    while (last >= 0 && !isModelCall(steps[last] as Step)) last--;
    return steps.map((_, j) => j < last);
  }
  return stepsReadWalked(steps, tokens);
}

/** `stepsRead` by the walk alone (what its shortcut must agree with: prepare.test.ts). */
export function stepsReadWalked(steps: readonly Step[], tokens: readonly number[]): boolean[] {
  const read = steps.map(() => false);
  // Steps before the current call not yet seen in a context (hidden ones wait for an `expand`).
  let pending: number[] = [];
  let next = 0;
  walkNone(steps, tokens, (i, _context, hidden) => {
    for (; next < i; next++) pending.push(next);
    pending = pending.filter((j) => {
      if (hidden.has((steps[j] as Step).id)) return true;
      read[j] = true;
      return false;
    });
  });
  return read;
}

/**
 * Consecutive calls reporting input where it drops by more than half while the counted context
 * did not (a compaction the file records shrinks both): the framework cut its context unrecorded.
 */
export function probableDrops<
  C extends { readonly reported?: number; readonly simulated: number; readonly stepIndex: number },
>(calls: readonly C[]): { before: C; after: C }[] {
  const withInput = calls.filter((c) => (c.reported ?? 0) > 0);
  const out: { before: C; after: C }[] = [];
  for (let i = 1; i < withInput.length; i++) {
    const before = withInput[i - 1] as C;
    const after = withInput[i] as C;
    if ((after.reported as number) < (before.reported as number) / 2)
      if (after.simulated >= before.simulated / 2) out.push({ before, after });
  }
  return out;
}

function usageOf(step: Step): Usage | undefined {
  return step.kind === 'action' || step.kind === 'planning' ? step.usage : undefined;
}

function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface ReconcileOptions {
  /** The run's model (each call's own model wins). */
  readonly model?: string;
  readonly tokenizer: TokenizerId;
}

/** Per-call reconciliation of `none` with the file's reported usage; undefined when no call reports input. */
export function reconcile(
  steps: readonly Step[],
  tokens: readonly number[],
  options: ReconcileOptions,
): Reconciliation | undefined {
  const contexts = noneContexts(steps, tokens);
  const calls: CallReconciliation[] = contexts.map(({ stepIndex, tokens: simulated }, k) => {
    const step = steps[stepIndex] as Step;
    const usage = usageOf(step);
    const reported = usage ? promptTokensOf(usage) : undefined;
    const model = (step.kind === 'action' ? step.model : undefined) ?? options.model;
    return {
      call: k + 1,
      stepIndex,
      stepId: step.id,
      simulated,
      ...(reported ? { reported, gap: reported.total - simulated } : {}),
      ...(usage?.costUsd !== undefined ? { recordedCostUsd: usage.costUsd } : {}),
      ...(model ? { model } : {}),
    };
  });
  const with_ = calls.filter((c) => c.reported !== undefined && c.reported.total > 0);
  if (with_.length === 0) return undefined;
  const xs = with_.map((c) => c.simulated);
  const ys = with_.map((c) => (c.reported as PromptTokens).total);
  // Two points fit any line exactly: below three calls only the offset is fitted. Unclamped least
  // squares otherwise: a slope far from 1 is itself what needs explaining.
  const { a, b } =
    with_.length >= 3
      ? leastSquares(xs, ys)
      : {
          a: ys.reduce((n, y, i) => n + y - (xs[i] as number), 0) / with_.length,
          b: 1,
        };
  // Gaps of both signs (with two calls) say nothing about a per-call prefix.
  const gapsAgree =
    with_.length >= 3 ||
    ys.every((y, i) => y >= (xs[i] as number)) ||
    ys.every((y, i) => y <= (xs[i] as number));
  const residuals = with_.map((c, i) => ({
    call: c.call,
    share: Math.abs((ys[i] as number) - (a + b * (xs[i] as number))) / (ys[i] as number),
  }));
  const worst = residuals.reduce(
    (m, r) => (r.share > m.share ? r : m),
    residuals[0] as (typeof residuals)[0],
  );
  const simulatedTotal = xs.reduce((n, x) => n + x, 0);
  const reportedTotal = ys.reduce((n, y) => n + y, 0);
  const meanReported = reportedTotal / with_.length;
  const explanations: string[] = [];
  const model = options.model ?? with_.find((c) => c.model)?.model;
  const thoughts = steps.filter((s) => s.kind === 'action' && s.thought !== undefined).length;

  if (with_.length < calls.length)
    explanations.push(
      `${fmt(with_.length)} of ${fmt(calls.length)} calls report their input; the others are not compared.`,
    );
  const under = with_.filter((c) => (c.reported as PromptTokens).total < c.simulated / 2);
  if (under.length > 0) {
    const first = under[0] as CallReconciliation;
    explanations.push(
      `At ${fmt(under.length)} call${under.length === 1 ? '' : 's'} the file reports less than half the input its own text counts (first, call ${first.call}: ${fmt((first.reported as PromptTokens).total)} reported, ${fmt(first.simulated)} counted): its count leaves part of the prompt out (cache reads or writes it does not give), or the framework sent less than it recorded.`,
    );
  }
  const firstRead = (with_[0]?.reported?.cacheRead ?? 0) > 0;
  if (with_.length >= 2 && gapsAgree && a > Math.max(200, 0.05 * meanReported))
    explanations.push(
      `About ${fmt(a)} tokens per call that the file does not record: what the framework adds to every request (its system prompt, tool definitions${firstRead ? '; the first call already reads much of it from the cache' : ''}).`,
    );
  else if (with_.length >= 2 && gapsAgree && a < -Math.max(200, 0.05 * meanReported))
    explanations.push(
      `About ${fmt(-a)} tokens per call fewer than the file holds: the framework sent less than it recorded (outputs shortened before sending, or a recorded message kept out of the request).`,
    );
  const label = findModel(model)?.label ?? model ?? 'the model';
  const ratio =
    Math.abs(b - 1) > 0.02
      ? ` (×${b.toFixed(3)} provider tokens per counted token on this run)`
      : '';
  const tokenizerLike = b >= 0.7 && b <= 1.4;
  if (isEstimate(model, options.tokenizer))
    explanations.push(
      `Another tokenizer: Stepscope counts with ${options.tokenizer}, ${label} bills with its own${tokenizerLike ? ratio : ''}; tool-call framing is estimated.`,
    );
  else if (tokenizerLike && ratio)
    explanations.push(
      `×${b.toFixed(3)} provider tokens per counted token: the provider's message framing differs from the counted formula.`,
    );
  if (b > 1.4)
    explanations.push(
      `Each new step costs ×${b.toFixed(2)} what Stepscope counts from its text, more than a tokenizer explains: the framework sends more with each step than the file records (attached file contents, reminders, tool output kept outside the transcript).`,
    );
  else if (b < 0.7)
    explanations.push(
      `Each new step costs ×${b.toFixed(2)} what Stepscope counts from its text: the framework sends less than the file records (outputs shortened or dropped before sending, earlier thinking not resent).`,
    );
  if (thoughts > 0)
    explanations.push(
      `${fmt(thoughts)} repl${thoughts === 1 ? 'y carries' : 'ies carry'} thinking: providers do not resend earlier turns' thinking (Anthropic strips it outside a tool loop, OpenAI never resends reasoning), while a reply that is only thinking is counted as its text here.`,
    );
  // Only where Stepscope's own context did not drop too (a compaction the file records is honoured).
  const drop = probableDrops(
    with_.map((c) => ({ ...c, reported: (c.reported as PromptTokens).total })),
  )[0];
  if (drop)
    explanations.push(
      `At call ${drop.after.call} the reported input drops from ${fmt(drop.before.reported)} to ${fmt(drop.after.reported)}: the framework compacted or cut its context there without recording it as a step.`,
    );
  const residual = {
    median: median(residuals.map((r) => r.share)),
    max: worst.share,
    ...(with_.length > 0 ? { maxAtCall: worst.call } : {}),
  };
  if (with_.length >= 3)
    explanations.push(
      residual.max < 0.01
        ? `After that, every call is within ${pct(residual.max)} of the file.`
        : `After that, calls differ from the file by ${pct(residual.median)} (median), most at call ${worst.call} (${pct(residual.max)}).`,
    );
  return {
    calls,
    reportedCalls: with_.length,
    simulatedTotal,
    reportedTotal,
    offsetTokens: Math.round(a),
    scale: b,
    residual,
    explanations,
  };
}

/**
 * A file that reports usage only for the whole run (smolagents, SWE-agent's `tokens_sent`): the
 * run's reported prompt tokens beside the input `none` sends over the run; undefined without them.
 */
export function reconcileRun(
  steps: readonly Step[],
  tokens: readonly number[],
  usage: Usage | undefined,
): { readonly simulated: number; readonly reported: number; readonly calls: number } | undefined {
  const reported = usage ? promptTokensOf(usage) : undefined;
  if (!reported || reported.total <= 0) return undefined;
  const contexts = noneContexts(steps, tokens);
  return {
    simulated: contexts.reduce((n, c) => n + c.tokens, 0),
    reported: reported.total,
    calls: contexts.length,
  };
}
