/**
 * Plan-step summaries (summarize-plan-steps.ts) replayed over one history from its own decisions,
 * without applying the strategy: before call k the prefix's plan steps are its grouping's first
 * groups (both groupings are prefix-stable, task-history.ts `groupSteps`), and pressure or
 * `all-completed` compacts the first `m` of them, each to its summary at the first of its steps.
 * That state gives each call's context tokens (running sums of each plan step's change, summary
 * minus steps), its context step for step, and the prefix it shares with the previous call's: the
 * two contexts are the same up to the first plan step compacted in one and not the other, or
 * compacted in both to summaries that differ (a plan step that grew, or retitled by a new plan),
 * and the tokens before it follow from the same sums. Summaries are built once per plan step,
 * step count and title. No application of the strategy, no sampling.
 */
import type { PlanItem, Step, SummaryStep } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { firstTrue, lazySteps, listMemo } from './replay-kit';
import { sameStep } from './same-step';
import {
  groupSteps,
  planItemsOf,
  stepHistoryOf,
  titleOf,
  type GroupDraft,
  type PlanGroup,
} from './task-history';
import type { ContextChanges, ContextView, StrategyContext } from './types';

/** What the replay needs of the strategy's parameters, and its summary step of a plan step. */
export interface PlanRule {
  readonly mode: 'pressure' | 'all-completed';
  readonly threshold: number;
  readonly max: number;
  /** The plan step's summary step, as `apply` builds it (at the compacted level). */
  summaryStep(group: PlanGroup): SummaryStep;
}

export interface PlanStepsReplay {
  /** Context tokens before each call. */
  tokens(calls: readonly number[]): number[];
  /** Before each call, the tokens its context shares with the previous call's (0 at the first). */
  shared(calls: readonly number[]): number[];
  /** The context before the call producing step k: what `apply` on the steps before it returns. */
  contextAt(k: number): Step[];
  /**
   * A reader of the contexts of calls taken in order: each call's changes from the previous call's
   * (plan steps compacted or restored, summaries that grew or were retitled, steps appended), or its
   * context whole where the grouping changed (`replayViews`).
   */
  views(): (k: number) => ContextView;
}

/** One grouping of the history (planned or split at tasks), with what the replay reads of it. */
interface Grouping {
  readonly drafts: readonly GroupDraft[];
  readonly planned: boolean;
  /** Each group's first step. */
  readonly firsts: readonly number[];
  /** Each step's group, -1 for none. */
  readonly groupOf: Int32Array;
}

/** The strategy's decision before one call: `m` of the `present` plan steps compacted. */
interface CallState {
  readonly k: number;
  readonly grouping: Grouping;
  readonly present: number;
  readonly m: number;
  readonly items: ReadonlyMap<string, PlanItem>;
  /** Context tokens (with reply priming). */
  readonly used: number;
}

/** The replay of one history, per token counter and rule (`key`: the strategy's parameters). */
export function planStepsReplay(
  steps: readonly Step[],
  ctx: StrategyContext,
  key: string,
  rule: () => PlanRule,
): PlanStepsReplay {
  return listMemo(steps, ctx.tokens, `plan-steps-replay:${key}`, () =>
    replayOf(steps, ctx, rule()),
  );
}

const below = (sorted: readonly number[], k: number) =>
  firstTrue(0, sorted.length, (i) => (sorted[i] as number) >= k);

function groupingOf(steps: readonly Step[], planned: boolean): Grouping {
  const drafts = groupSteps(steps, planned);
  const groupOf = new Int32Array(steps.length).fill(-1);
  drafts.forEach((g, gi) => {
    for (const i of g.indices) groupOf[i] = gi;
  });
  return { drafts, planned, firsts: drafts.map((g) => g.indices[0] as number), groupOf };
}

function replayOf(steps: readonly Step[], ctx: StrategyContext, rule: PlanRule): PlanStepsReplay {
  const { max, threshold } = rule;
  const pressure = rule.mode === 'pressure';
  const firstPlanned = steps.findIndex((s) => s.planStepId !== undefined);
  const planned = groupingOf(steps, true);
  const unplanned = groupingOf(steps, false);
  // A step whose id reads as one of our summaries' could send what a summary sends: such histories
  // compare the built contexts.
  const oddIds = steps.some((s) => s.id.startsWith('plan-summary-'));
  const stepSums = [0];
  steps.forEach((s, i) => stepSums.push((stepSums[i] as number) + ctx.tokens.step(s)));
  const cumulative = new Map<GroupDraft, number[]>();
  /** `cumOf(g)[n]`: tokens of the group's first n steps. */
  const cumOf = (g: GroupDraft) => {
    let cum = cumulative.get(g);
    if (!cum) {
      cum = [0];
      for (const i of g.indices)
        cum.push((cum[cum.length - 1] as number) + ctx.tokens.step(steps[i] as Step));
      cumulative.set(g, cum);
    }
    return cum;
  };
  const planning = steps.map((s, i) => (s.kind === 'planning' ? i : -1)).filter((i) => i >= 0);
  const itemsByCount = new Map<number, Map<string, PlanItem>>();
  const itemsAt = (k: number) => {
    const n = below(planning, k);
    let items = itemsByCount.get(n);
    if (!items) {
      items = planItemsOf(planning.slice(0, n).map((i) => steps[i] as Step));
      itemsByCount.set(n, items);
    }
    return items;
  };
  const summaries = new Map<string, SummaryStep>();
  /** Group g's summary step with its first `count` steps, titled `title`: built once. */
  const summaryOf = (grouping: Grouping, g: number, count: number, title: string) => {
    const draft = grouping.drafts[g] as GroupDraft;
    const id = `${grouping.planned ? 'p' : 'u'}\u0000${g}\u0000${count}\u0000${title}`;
    let step = summaries.get(id);
    if (!step) {
      const indices = draft.indices.slice(0, count);
      step = rule.summaryStep({
        stepHistory: stepHistoryOf(
          draft.id,
          title,
          indices.map((i) => steps[i] as Step),
          true,
        ),
        indices,
      });
      summaries.set(id, step);
    }
    return step;
  };
  type Items = ReadonlyMap<string, PlanItem>;
  /** Group g's summary step before call k. */
  const summaryAt = (grouping: Grouping, g: number, k: number, items: Items) => {
    const draft = grouping.drafts[g] as GroupDraft;
    return summaryOf(grouping, g, below(draft.indices, k), titleOf(draft, items));
  };
  /** What compacting group g changes in the context before call k: its summary minus its steps. */
  const change = (grouping: Grouping, g: number, k: number, items: Items) => {
    const draft = grouping.drafts[g] as GroupDraft;
    const own = cumOf(draft)[below(draft.indices, k)] as number;
    return ctx.tokens.step(summaryAt(grouping, g, k, items)) - own;
  };
  // Split at tasks, every plan step but the last is complete and titled by its task, so its change
  // is fixed: prefix sums of the changes, and their running minimum, find the first point where
  // pressure is low enough by binary search.
  const sums = [0];
  const minSums = [0];
  const noItems = new Map<string, PlanItem>();
  const grow = (n: number) => {
    while (sums.length <= n) {
      const next =
        (sums[sums.length - 1] as number) + change(unplanned, sums.length - 1, Infinity, noItems);
      sums.push(next);
      minSums.push(Math.min(minSums[minSums.length - 1] as number, next));
    }
  };
  const low = (used: number) => used / max <= threshold;

  const stateAt = (k: number): CallState => {
    const grouping = firstPlanned !== -1 && firstPlanned < k ? planned : unplanned;
    const present = below(grouping.firsts, k);
    const items = itemsAt(k);
    const done = (g: number) => items.get((grouping.drafts[g] as GroupDraft).id)?.status === 'done';
    let used = REPLY_PRIMING_TOKENS + (stepSums[k] as number);
    const state = (m: number) => ({ k, grouping, present, m, items, used });
    if (grouping === unplanned && present > 0) {
      const fixed = present - 1;
      grow(fixed);
      const lowAt = (m: number) => low(used + (minSums[m] as number));
      if (pressure && lowAt(fixed)) {
        const m = firstTrue(0, fixed, lowAt);
        used += sums[m] as number;
        return state(m);
      }
      used += sums[fixed] as number;
      if (done(fixed) && !(pressure && low(used))) {
        used += change(grouping, fixed, k, items);
        return state(present);
      }
      return state(fixed);
    }
    let m = 0;
    for (let g = 0; g < present; g++) {
      // Every plan step but the last is complete; the last once its plan item is done.
      if (!(g < present - 1 || done(g))) continue;
      if (pressure && low(used)) break;
      used += change(grouping, g, k, items);
      m++;
    }
    return state(m);
  };

  const contextOf = (s: CallState): Step[] => {
    const { grouping, m, k, items } = s;
    const out: Step[] = [];
    for (let i = 0; i < k; i++) {
      const g = grouping.groupOf[i] as number;
      if (g < 0 || g >= m) out.push(steps[i] as Step);
      else if (grouping.firsts[g] === i) out.push(summaryAt(grouping, g, k, items));
    }
    return out;
  };

  /** Tokens (without reply priming) of the context before call `s.k` up to step `cut` (≤ s.k). */
  const tokensBefore = (s: CallState, cut: number) => {
    const { grouping, m, k, items, present } = s;
    const h = Math.min(below(grouping.firsts, cut), m);
    if (h === 0) return stepSums[cut] as number;
    if (!grouping.planned) {
      // Groups are runs of consecutive steps: the first h end before `cut`.
      if (h < present) {
        grow(h);
        return (stepSums[cut] as number) + (sums[h] as number);
      }
      grow(present - 1);
      return (
        (stepSums[cut] as number) +
        (sums[present - 1] as number) +
        change(grouping, present - 1, k, items)
      );
    }
    let n = stepSums[cut] as number;
    for (let g = 0; g < h; g++) {
      const draft = grouping.drafts[g] as GroupDraft;
      n +=
        ctx.tokens.step(summaryAt(grouping, g, k, items)) -
        (cumOf(draft)[below(draft.indices, cut)] as number);
    }
    return n;
  };

  /** The tokens call b's context shares with call a's (a before b). */
  const sharedOf = (a: CallState, b: CallState): number => {
    if (b.k < a.k || a.grouping !== b.grouping || oddIds)
      return builtShared(contextOf(a), contextOf(b), ctx);
    const grouping = a.grouping;
    const lo = Math.min(a.m, b.m);
    // The first plan step compacted in one context and not the other ends the shared prefix there.
    let cut = a.m === b.m ? a.k : Math.min(a.k, grouping.firsts[lo] as number);
    // A plan step compacted in both ends it where its two summaries differ: one that grew between
    // the calls, or (a new plan) retitled.
    const changed = new Set<number>();
    for (let i = a.k; i < b.k; i++) {
      const g = grouping.groupOf[i] as number;
      if (g >= 0 && g < lo) changed.add(g);
    }
    if (a.items !== b.items)
      for (let g = 0; g < lo; g++) {
        const draft = grouping.drafts[g] as GroupDraft;
        if (titleOf(draft, a.items) !== titleOf(draft, b.items)) changed.add(g);
      }
    for (const g of changed) {
      const first = grouping.firsts[g] as number;
      if (first >= cut) continue;
      const x = summaryAt(grouping, g, a.k, a.items);
      const y = summaryAt(grouping, g, b.k, b.items);
      if (x !== y && (ctx.tokens.step(x) !== ctx.tokens.step(y) || !sameStep(x, y))) cut = first;
    }
    return tokensBefore(a, cut);
  };

  const states = new Map<number, CallState>();
  const at = (k: number) => {
    let s = states.get(k);
    if (!s) states.set(k, (s = stateAt(k)));
    return s;
  };
  /** What differs between the contexts of two calls on one grouping (a before b). */
  const changesOf = (a: CallState, b: CallState): ContextChanges => {
    const { grouping } = b;
    const leaving: Step[] = [];
    const entering: Step[] = [];
    const membersBefore = (g: number, k: number) => {
      const { indices } = grouping.drafts[g] as GroupDraft;
      return indices.slice(0, below(indices, k)).map((i) => steps[i] as Step);
    };
    const lo = Math.min(a.m, b.m);
    // Plan steps compacted in one context only: their steps before a's call against their summary.
    for (let g = lo; g < Math.max(a.m, b.m); g++) {
      const members = membersBefore(g, a.k);
      if (g < b.m) {
        leaving.push(...members);
        entering.push(summaryAt(grouping, g, b.k, b.items));
      } else {
        leaving.push(summaryAt(grouping, g, a.k, a.items));
        entering.push(...members);
      }
    }
    // Compacted in both: the summaries of plan steps that grew between the calls, or were retitled.
    const changed = new Set<number>();
    for (let i = a.k; i < b.k; i++) {
      const g = grouping.groupOf[i] as number;
      if (g >= 0 && g < lo) changed.add(g);
    }
    if (a.items !== b.items) for (let g = 0; g < lo; g++) changed.add(g);
    for (const g of changed) {
      const x = summaryAt(grouping, g, a.k, a.items);
      const y = summaryAt(grouping, g, b.k, b.items);
      if (x === y) continue;
      leaving.push(x);
      entering.push(y);
    }
    // The steps appended, unless a summary holds them.
    for (let i = a.k; i < b.k; i++) {
      const g = grouping.groupOf[i] as number;
      if (g < 0 || g >= b.m) entering.push(steps[i] as Step);
    }
    return { leaving, entering };
  };

  return {
    views() {
      let before: CallState | undefined;
      return (k) => {
        const b = at(k);
        const a = before;
        before = b;
        const context = lazySteps(() => contextOf(b));
        if (!a || a.grouping !== b.grouping || b.k < a.k)
          return { context: contextOf(b), unchanged: 0 };
        return { context, unchanged: 0, changes: changesOf(a, b) };
      };
    },
    tokens: (calls) => calls.map((k) => at(k).used),
    shared(calls) {
      const out: number[] = [];
      let before: CallState | undefined;
      for (const k of calls) {
        const s = at(k);
        out.push(before ? sharedOf(before, s) : 0);
        before = s;
      }
      return out;
    },
    contextAt: (k) => contextOf(at(k)),
  };
}

/** The shared prefix of two built contexts, step by step. */
function builtShared(a: readonly Step[], b: readonly Step[], ctx: StrategyContext): number {
  let shared = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (!sameStep(a[i] as Step, b[i] as Step)) break;
    shared += ctx.tokens.step(a[i] as Step);
  }
  return shared;
}
