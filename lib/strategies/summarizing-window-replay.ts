/**
 * The summarizing window (summarizing-window.ts) replayed before every call without applying it:
 * each call's context tokens and the tokens it shares with the previous call's context (what
 * prompt caching reads), both from one run of the rounds on unit indices per call.
 *
 * After its rounds, `apply` on the steps before call k returns either those steps unchanged (it
 * fits, or no round could shrink it) or [system prompts] + one summary + the kept steps, where the
 * summary (`summary-<rounds>`) replaces every step owning a unit before the cut c, and the kept
 * steps are the other steps in order, the step owning unit c cut to its units from c on when it
 * also owns units before c. Two such contexts are compared position by position as `sameStep`
 * compares them (same-step.ts): the summaries agree when the rounds and the steps they replace do,
 * and the kept steps are then the same steps up to the cut step's variant.
 */
import type { StrandsMessage } from '../messages/types';
import type { Step, SummaryStep } from '../model/types';
import { partsViews, replayMemo, UnitIndex, type ContextParts } from './replay-kit';
import { accumulatedSummaryTokens, prefixSummary, summaryTokens } from './prefix-summaries';
import { sameStep } from './same-step';
import { adjustSplitPoint, MAX_ROUNDS } from './strands-split';
import type { ContextView, HistoryLike, StrategyContext } from './types';
import { keptVariant, type StrategyUnit } from './units';

/** The parameters the rounds read (summarizing-window.ts `Params`). */
export interface WindowParams {
  readonly summaryRatio: number;
  readonly preserveRecentMessages: number;
  readonly triggerTokens?: number | undefined;
}

/** The replay's summary step but its content (what its tokens are counted with). */
const SUMMARY_FIELDS: SummaryStep = {
  kind: 'summary',
  id: 'summary',
  stepNumber: 0,
  content: '',
  replaces: [],
  origin: 'extractive',
};

/** What the rounds decided before one call: its context tokens, the rounds taken and the cut. */
interface CallState {
  readonly k: number;
  readonly tokens: number;
  /** Rounds that shrank the context (0: the steps before k are sent unchanged). */
  readonly rounds: number;
  /** The first unit kept after the summary. */
  readonly c: number;
}

export interface WindowReplay {
  tokens(calls: readonly number[]): number[];
  shared(calls: readonly number[]): number[];
  /** The context before the call producing step k: what `apply` on the steps before it returns. */
  contextAt(k: number): Step[];
  /** A reader of the contexts of calls taken in order, as changes (`replayViews`). */
  views(): (k: number) => ContextView;
}

/** The replay per history, token counter, summarizer and parameters; undefined without an accumulator. */
export function windowReplay(
  history: HistoryLike,
  p: WindowParams,
  ctx: StrategyContext,
): WindowReplay | undefined {
  if (!ctx.summarizer.createAccumulator) return undefined;
  const key = JSON.stringify([
    'summarizing-window',
    p.summaryRatio,
    p.preserveRecentMessages,
    p.triggerTokens ?? null,
  ]);
  return replayMemo(history.steps, ctx, key, () => replayOf(history.steps, p, ctx));
}

function replayOf(steps: readonly Step[], p: WindowParams, ctx: StrategyContext): WindowReplay {
  const createAccumulator = ctx.summarizer.createAccumulator as NonNullable<
    StrategyContext['summarizer']['createAccumulator']
  >;
  const isSystem = (s: Step) => s.kind === 'system-prompt';
  const index = UnitIndex.of(steps, ctx.tokens, 'strands', (s) => !isSystem(s));
  const messages = index.units.map((u) => u.message);
  const n = steps.length;
  // Prefix sums by step (`[i]`: steps [0, i)): system prompts' tokens and count, and the
  // non-system steps owning no unit (kept wherever the cut falls).
  const systemSums = new Float64Array(n + 1);
  const systemCount = new Int32Array(n + 1);
  const systemAt: number[] = [];
  const nonSystemCount = new Int32Array(n + 1);
  const nonSystemAt: number[] = [];
  const unitlessCount = new Int32Array(n + 1);
  const unitlessAt: number[] = [];
  const unitlessSums = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const s = steps[i] as Step;
    const system = isSystem(s);
    const unitless = !system && (index.unitsPerStep[i] as number) === 0;
    if (system) systemAt.push(i);
    else nonSystemAt.push(i);
    if (unitless) unitlessAt.push(i);
    systemSums[i + 1] = systemSums[i]! + (system ? ctx.tokens.step(s) : 0);
    systemCount[i + 1] = systemCount[i]! + (system ? 1 : 0);
    nonSystemCount[i + 1] = nonSystemCount[i]! + (system ? 0 : 1);
    unitlessCount[i + 1] = unitlessCount[i]! + (unitless ? 1 : 0);
    unitlessSums[i + 1] = unitlessSums[i]! + (unitless ? ctx.tokens.step(s) : 0);
  }
  const limit = p.triggerTokens ?? ctx.contextWindow;
  const stepOf = (u: number) => (index.units[u] as StrategyUnit<StrandsMessage>).stepIndex;
  // Summary tokens for c: the summary of the steps owning units [0, c), in step order. The
  // rounds of one call ask for summaries far apart (0.3 of the messages, then 0.51, …) and the
  // next call for ones just past each: one accumulator, read once, counts its summary after every
  // step it reads, so each prefix is summarized and counted once.
  const acc = createAccumulator();
  // `counts[u]`: the tokens of the summary of the steps before u.
  const counts = [0];
  /** Steps [0, upTo) hold the units before c. */
  const upToOf = (c: number) => stepOf(c - 1) + 1;
  const summaryOf = (c: number): number => {
    // Every c inside one step covers the same steps: key by the number of steps covered.
    const upTo = upToOf(c);
    for (let u = counts.length; u <= upTo; u++) {
      const s = steps[u - 1] as Step;
      if (isSystem(s) || (index.unitsPerStep[u - 1] as number) === 0) {
        counts.push(counts[u - 1] as number);
        continue;
      }
      acc.add(s);
      // Counted from the accumulator's per-line counts where it keeps them (each line once),
      // else from its text.
      counts.push(
        accumulatedSummaryTokens(ctx.tokens, SUMMARY_FIELDS, acc) ??
          summaryTokens(ctx.tokens, { ...SUMMARY_FIELDS, content: acc.text() }),
      );
    }
    return counts[upTo] as number;
  };
  const states = new Map<number, CallState>();
  const stateAt = (k: number): CallState => {
    const hit = states.get(k);
    if (hit) return hit;
    const end = index.unitsBefore(k);
    const system = systemSums[k] as number;
    let used = index.contextTokens([[0, end]], system);
    let c = 0;
    let rounds = 0;
    for (let round = 1; round <= MAX_ROUNDS && used > limit; round++) {
      const summarized = c > 0 ? 1 : 0;
      const length = summarized + end - c;
      const count = Math.min(
        Math.max(1, Math.floor(length * p.summaryRatio)),
        length - p.preserveRecentMessages,
      );
      if (count <= 0) break;
      // The list is [summary?, units c..end); the summary (plain user text) never moves the split.
      const split = adjustSplitPoint(messages, count - summarized, c, end);
      if (split === undefined) break;
      const next = c + split;
      const tokens = index.contextTokens([[next, end]], system + summaryOf(next));
      if (tokens >= used) break;
      c = next;
      used = tokens;
      rounds = round;
    }
    const state = { k, tokens: used, rounds, c };
    states.set(k, state);
    return state;
  };

  // ---- A summarized context, position by position ----
  // [system prompts before k] + summary + kept: the unitless steps before `upTo`, the cut step's
  // variant (when it also owns units before c), then every non-system step from `upTo` to k.
  const variants = new Map<number, Step>();
  /** The step owning unit c cut to its units from c on (c inside the step). */
  const cutVariant = (c: number): Step => {
    let v = variants.get(c);
    if (!v) {
      const i = stepOf(c);
      const first = index.firstUnit[i] as number;
      const units = index.unitsPerStep[i] as number;
      v = keptVariant(
        steps[i] as Step,
        index.units.slice(first, first + units),
        Array.from({ length: units }, (_, u) => first + u >= c),
      ) as Step;
      variants.set(c, v);
    }
    return v;
  };
  const isCut = (st: CallState) =>
    st.c < index.unitsBefore(st.k) && (index.firstUnit[stepOf(st.c)] as number) < st.c;
  /** The kept steps of a summarized context: how many, the j-th, and the tokens of the first j. */
  const kept = (st: CallState) => {
    const upTo = upToOf(st.c);
    const before = unitlessCount[upTo] as number;
    const cut = isCut(st) ? 1 : 0;
    const from = nonSystemCount[upTo] as number;
    const length = before + cut + (nonSystemCount[st.k] as number) - from;
    const at = (j: number): Step =>
      j < before
        ? (steps[unitlessAt[j] as number] as Step)
        : cut && j === before
          ? cutVariant(st.c)
          : (steps[nonSystemAt[from + j - before - cut] as number] as Step);
    const stepSumsTo = (j: number) => {
      // Tokens of the non-system steps from `upTo` to the j-th kept step (exclusive).
      const i = j - before - cut;
      const to =
        i >= (nonSystemCount[st.k] as number) - from ? st.k : (nonSystemAt[from + i] as number);
      return (index.stepSums[to] as number) - (index.stepSums[upTo] as number);
    };
    const tokensTo = (j: number): number =>
      j <= before
        ? j === 0
          ? 0
          : (unitlessSums[(unitlessAt[j - 1] as number) + 1] as number)
        : (unitlessSums[upTo] as number) +
          (cut ? ctx.tokens.step(cutVariant(st.c)) : 0) +
          (j > before + cut ? stepSumsTo(j) : 0);
    return { length, at, tokensTo, before, cut };
  };

  /** Tokens of the steps two contexts share, the earlier `a`, the later `b`. */
  const sharedOf = (a: CallState, b: CallState): number => {
    const pa = systemCount[a.k] as number;
    const pb = systemCount[b.k] as number;
    if (a.rounds === 0 && b.rounds === 0)
      return (systemSums[a.k] as number) + (index.stepSums[a.k] as number);
    if (a.rounds === 0 || b.rounds === 0) {
      // The steps as they are against system prompts then a summary (which no original matches:
      // the fast path holds only where no step's id is a summary's).
      const [plain, summarized] = a.rounds === 0 ? [a, b] : [b, a];
      const p = summarized === a ? pa : pb;
      let shared = 0;
      for (let j = 0; j < Math.min(p, plain.k); j++) {
        const x = steps[j] as Step;
        if (!sameStep(x, steps[systemAt[j] as number] as Step)) break;
        shared += ctx.tokens.step(x);
      }
      return shared;
    }
    // Both summarized: the system prompts before a are b's first ones; a's summary then meets b's
    // next prompt, or b's summary.
    const prompts = systemSums[a.k] as number;
    if (pa !== pb || a.rounds !== b.rounds || upToOf(a.c) !== upToOf(b.c)) return prompts;
    const shared = prompts + summaryOf(a.c);
    const ka = kept(a);
    if (a.c === b.c || (!ka.cut && !isCut(b))) return shared + ka.tokensTo(ka.length);
    // The kept steps agree before the cut step: compare from there.
    const kb = kept(b);
    let j = ka.before;
    while (j < ka.length && j < kb.length && sameStep(ka.at(j), kb.at(j))) j++;
    return shared + ka.tokensTo(j);
  };

  // ---- A context as parts (`partsViews`), in an order of the steps: the system prompts, the
  // non-system steps without units, the non-system steps with units ----
  const withUnitsAt: number[] = [];
  const withUnitsCount = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const unitless = (index.unitsPerStep[i] as number) === 0;
    if (!isSystem(steps[i] as Step) && !unitless) withUnitsAt.push(i);
    withUnitsCount[i + 1] = withUnitsAt.length;
  }
  const order = [...systemAt, ...unitlessAt, ...withUnitsAt];
  const [u0, w0] = [systemAt.length, systemAt.length + unitlessAt.length];
  const firstUnitStep = index.units[0]?.stepIndex ?? 0;
  const summaries = new Map<string, SummaryStep>();
  /** The summary after `rounds` rounds with units from c kept, as `apply` inserts it. */
  const summaryStepOf = (rounds: number, c: number): SummaryStep => {
    const key = `${rounds}:${c}`;
    let out = summaries.get(key);
    if (!out) {
      const owner = stepOf(c);
      const cut = (index.firstUnit[owner] as number) < c;
      out = {
        kind: 'summary',
        id: `summary-${rounds}`,
        stepNumber: (steps[firstUnitStep] as Step).stepNumber,
        content: prefixSummary(
          steps,
          ctx.summarizer,
          'strands-units',
          (i) => (index.unitsPerStep[i] as number) > 0,
          upToOf(c),
        ) as string,
        replaces: [
          ...withUnitsAt.slice(0, withUnitsCount[owner]).map((i) => (steps[i] as Step).id),
          ...(cut ? [(steps[owner] as Step).id] : []),
        ],
        origin: ctx.summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
      };
      summaries.set(key, out);
    }
    return out;
  };
  const partsAt = (k: number): ContextParts => {
    const st = stateAt(k);
    const head: [number, number] = [0, systemCount[k] as number];
    if (st.rounds === 0)
      return {
        ranges: [
          head,
          [u0, u0 + (unitlessCount[k] as number)],
          [w0, w0 + (withUnitsCount[k] as number)],
        ],
        extra: [],
      };
    const upTo = upToOf(st.c);
    const summary = summaryStepOf(st.rounds, st.c);
    return {
      ranges: [
        head,
        [u0, u0 + (unitlessCount[upTo] as number)],
        // Past the cut step (its variant is in `extra`), or from the step holding unit c.
        [w0 + (withUnitsCount[upTo] as number), w0 + (withUnitsCount[k] as number)],
        [u0 + (unitlessCount[upTo] as number), u0 + (unitlessCount[k] as number)],
      ],
      extra: isCut(st) ? [summary, cutVariant(st.c)] : [summary],
    };
  };
  const contextAt = (k: number): Step[] => {
    const st = stateAt(k);
    if (st.rounds === 0) return steps.slice(0, k);
    const prompts = systemAt.slice(0, systemCount[k]).map((i) => steps[i] as Step);
    const kk = kept(st);
    const keptSteps = Array.from({ length: kk.length }, (_, j) => kk.at(j));
    return [...prompts, summaryStepOf(st.rounds, st.c), ...keptSteps];
  };

  return {
    contextAt,
    views: () => partsViews((i) => steps[order[i] as number] as Step, partsAt, contextAt),
    tokens: (calls) => calls.map((k) => stateAt(k).tokens),
    shared(calls) {
      let before: CallState | undefined;
      return calls.map((k) => {
        const st = stateAt(k);
        const out = before ? sharedOf(before, st) : 0;
        before = st;
        return out;
      });
    },
  };
}
