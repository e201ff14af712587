/**
 * "Which strategy should I use?": the compared strategies (and sending everything) ranked under the
 * user's goal, each with one sentence saying why it ranks where it does, and one recommendation,
 * which may be "no pruning needed" (`recommend`; the rule is in lib/README.md, "Comparison
 * choices"). Strategies equal under the goal share a rank. Costs are what the provider bills with
 * prompt caching (the uncached figure beside it); where a model has no price, input tokens stand in
 * for cost.
 */
import type { Step } from '../model/types';
import type { RunCost } from '../simulate/cache';
import type { SimCall, SimulatedRun } from '../simulate/simulate';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { countOf, formatPercent } from './format';
import type { Comparison } from './compare';

export const GOALS = ['cost', 'overflow', 'loss'] as const;
export type Goal = (typeof GOALS)[number];

export const GOAL_LABELS: Readonly<Record<Goal, string>> = {
  cost: 'lowest cost',
  overflow: 'fewest calls over the window',
  loss: 'least information lost',
};

export interface RankedStrategy {
  /** Column index; -1 for `none` (everything, every call). */
  readonly index: number;
  readonly label: string;
  /** 1 + how many rank strictly better under the goal: strategies equal under it share a rank. */
  readonly rank: number;
  /** Another strategy has the same rank. */
  readonly tied: boolean;
  readonly inputTokens: number;
  readonly cost?: RunCost;
  /** Input tokens saved against `none`, as a share of `none`'s. */
  readonly savedShare: number;
  /** Cached cost saved against `none`'s cached cost (negative: it costs more). */
  readonly cachedSavedShare?: number;
  readonly overflowCalls: number;
  readonly lost: number;
  /**
   * Calls where the cache restarts: from the bill when there is one (`RunCost.restarts`, the bill
   * the table's cached share comes from), else where the context no longer starts with the whole
   * previous one.
   */
  readonly prefixBreaks: number;
  readonly sentence: string;
}

/** Calls whose context does not reuse all of the previous call's context: each one restarts the cache there. */
export function prefixBreaks(calls: readonly SimCall[]): number {
  let n = 0;
  for (let i = 1; i < calls.length; i++) {
    if (
      (calls[i] as SimCall).sharedPrefixTokens <
      (calls[i - 1] as SimCall).contextTokens - REPLY_PRIMING_TOKENS
    )
      n++;
  }
  return n;
}

/** Whole percents read best in a sentence; a share that rounds to 0 is "under 1%". */
const pct = (x: number) => {
  const p = Math.abs(x) * 100;
  return p > 0 && p < 0.5 ? 'under 1%' : `${Math.round(p)}%`;
};

function sentenceFor(
  r: Omit<RankedStrategy, 'sentence' | 'rank' | 'tied'>,
  totalCalls: number,
  firstLostStep: number | undefined,
  windowLabel: string,
  baseCost?: RunCost,
): string {
  if (r.index < 0) {
    return `sends everything at every call${r.overflowCalls > 0 ? `, and ${countOf(r.overflowCalls, 'call exceeds', 'calls exceed')} ${windowLabel}` : ''}.`;
  }
  const parts: string[] = [];
  if (Math.abs(r.savedShare) <= 0.0005 && r.prefixBreaks === 0 && r.lost === 0)
    parts.push('sends what sending everything sends: it never cuts on this run');
  else if (r.savedShare <= 0.0005) parts.push('saves no input');
  else parts.push(`saves ${pct(r.savedShare)} of input`);
  if (r.cachedSavedShare !== undefined) {
    // Said from the same bills as the table's "Cached input" column.
    const cacheNote =
      r.cost && r.cost.cachedTokens === 0 && baseCost && baseCost.cachedTokens > 0
        ? `the prompt cache serves none of its input, against ${formatPercent(baseCost.cachedTokens / baseCost.inputTokens)} when sending everything`
        : r.prefixBreaks > 0
          ? `the cache prefix restarts at ${r.prefixBreaks} of ${totalCalls} calls`
          : '';
    if (r.cachedSavedShare < -0.0005)
      parts.push(
        `yet costs ${pct(r.cachedSavedShare)} more than sending everything once prompt caching is counted${cacheNote ? ` (${cacheNote})` : ''}`,
      );
    else if (r.savedShare > 0.0005)
      parts.push(
        `${pct(r.cachedSavedShare)} of the cached cost${cacheNote ? ` (${cacheNote})` : ''}`,
      );
  }
  let text = parts.join(', ');
  const buts: string[] = [];
  if (r.lost > 0)
    buts.push(
      `${r.lost} identifier${r.lost === 1 ? '' : 's'} a later call used ${r.lost === 1 ? 'was' : 'were'} cut${firstLostStep !== undefined ? `, first at step ${firstLostStep}` : ''}`,
    );
  if (r.overflowCalls > 0)
    buts.push(
      `${countOf(r.overflowCalls, 'call still exceeds', 'calls still exceed')} ${windowLabel}`,
    );
  if (buts.length > 0) text += `, but ${buts.join(', and ')}`;
  return `${text}.`;
}

/** `costs` are the runs' bills in `comparisonCosts` order (none first); without them, tokens stand in for cost. */
export function rankStrategies(
  cmp: Comparison,
  steps: readonly Step[],
  costs: readonly (RunCost | undefined)[] | undefined,
  goal: Goal,
  windowLabel = 'the context window',
): RankedStrategy[] {
  const stepNumberOf = new Map(steps.map((s) => [s.id, s.stepNumber]));
  const baseCost = costs?.[0];
  const rows: Unranked[] = [];
  const add = (
    index: number,
    label: string,
    run: SimulatedRun,
    lost: number,
    firstLostStep: number | undefined,
  ) => {
    const cost = costs?.[index + 1];
    const base = cmp.baseline.totalInputTokens;
    const partial = {
      index,
      label,
      inputTokens: run.totalInputTokens,
      ...(cost ? { cost } : {}),
      savedShare: base > 0 ? (base - run.totalInputTokens) / base : 0,
      ...(cost && baseCost && baseCost.costUsd > 0
        ? { cachedSavedShare: (baseCost.costUsd - cost.costUsd) / baseCost.costUsd }
        : {}),
      overflowCalls: run.overflowCalls,
      lost,
      prefixBreaks: cost ? cost.restarts : prefixBreaks(run.calls),
    };
    rows.push({
      ...partial,
      sentence: sentenceFor(partial, run.calls.length, firstLostStep, windowLabel, baseCost),
    });
  };
  add(-1, 'none (everything, every call)', cmp.baseline, 0, undefined);
  cmp.columns.forEach((c, i) => {
    if (!c.replay || c.error) return;
    const steps = c.lost
      .map((l) => stepNumberOf.get(l.lostAtStepId))
      .filter((n): n is number => n !== undefined);
    add(i, c.label, c.replay, c.lost.length, steps.length > 0 ? Math.min(...steps) : undefined);
  });
  const keys: Record<Goal, (r: Unranked) => number[]> = {
    cost: (r) => [costOf(r), r.overflowCalls, r.lost],
    overflow: (r) => [r.overflowCalls, costOf(r), r.lost],
    loss: (r) => [r.lost, r.overflowCalls, costOf(r)],
  };
  const key = keys[goal];
  const sorted = [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++)
      if (!same(ka[i] as number, kb[i] as number)) return (ka[i] as number) - (kb[i] as number);
    return a.index - b.index;
  });
  // Ranks follow the goal's own measure; the others only order a tie within its rank.
  const primary = (r: Unranked) => key(r)[0] as number;
  const ranked = sorted.map((r) => ({
    ...r,
    rank: 1 + sorted.filter((o) => primary(o) < primary(r) && !same(primary(o), primary(r))).length,
  }));
  return ranked.map((r) => ({ ...r, tied: ranked.some((o) => o !== r && o.rank === r.rank) }));
}

type Unranked = Omit<RankedStrategy, 'rank' | 'tied'>;

const costOf = (r: Unranked) => r.cost?.costUsd ?? r.inputTokens;

/** Equal as the views show them: costs to a twentieth of a percent, counts exactly. */
function same(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 0.0005 * Math.max(Math.abs(a), Math.abs(b));
}

/** All rank first together: the goal does not tell them apart. */
export function allTied(ranked: readonly RankedStrategy[]): boolean {
  return ranked.length > 1 && ranked.every((r) => r.rank === 1);
}

/** A saving smaller than this share of sending everything's cost is not worth what it breaks. */
export const WORTH_SAVING = 0.1;
/** Seed 003's `consider_summarizing` pressure: below it a run is not near its window. */
export const NEAR_WINDOW = 0.6;

export interface Recommendation {
  /** `none`: no pruning needed; `strategy`: the column at `index`. */
  readonly kind: 'none' | 'strategy';
  /** Whether the run needs pruning at all (some call over the window when sending everything). */
  readonly needed: boolean;
  readonly index: number;
  readonly label: string;
  /** Why, in one sentence. */
  readonly sentence: string;
  /** The cheaper strategy not recommended, and what it breaks. */
  readonly alternative?: string;
}

/**
 * The recommendation (lib/README.md, "Comparison choices"): pruning is needed when sending
 * everything puts a call over the window, and then the goal's first among the strategies with the
 * fewest such calls is recommended. Otherwise a strategy is recommended only when it loses no
 * identifier a later call used and saves at least `WORTH_SAVING` of the cost (of input tokens
 * without a price): the cheapest such. Else no pruning is needed, said with the run's peak against
 * the window and the cheaper strategy it turns down.
 */
export function recommend(
  ranked: readonly RankedStrategy[],
  options: { peakShare: number; windowLabel?: string },
): Recommendation | undefined {
  const none = ranked.find((r) => r.index < 0);
  if (!none) return undefined;
  const window = options.windowLabel ?? 'the context window';
  const saving = (r: RankedStrategy) => r.cachedSavedShare ?? r.savedShare;
  const measure = none.cost ? 'of the cost' : 'of the input';
  if (none.overflowCalls > 0) {
    const fewest = Math.min(...ranked.map((r) => r.overflowCalls));
    const pick = ranked.find((r) => r.overflowCalls === fewest) as RankedStrategy;
    return {
      kind: pick.index < 0 ? 'none' : 'strategy',
      needed: true,
      index: pick.index,
      label: pick.label,
      sentence: `Pruning is needed: sending everything puts ${countOf(none.overflowCalls, 'call', 'calls')} over ${window}${pick.index < 0 ? ', and no strategy compared here does better.' : `; ${pick.label} ${pick.sentence}`}`,
    };
  }
  const cheapestFirst = [...ranked].sort((a, b) => costOf(a) - costOf(b) || a.index - b.index);
  const worth = cheapestFirst.find(
    (r) => r.index >= 0 && r.lost === 0 && r.overflowCalls === 0 && saving(r) >= WORTH_SAVING,
  );
  const near = options.peakShare >= NEAR_WINDOW;
  const peak = `peaks at ${formatPercent(options.peakShare)} of ${window}`;
  if (worth)
    return {
      kind: 'strategy',
      needed: false,
      index: worth.index,
      label: worth.label,
      sentence: `${worth.label} saves ${pct(saving(worth))} ${measure} and loses no identifier a later call used; the run ${peak}.`,
    };
  const cheaper = cheapestFirst.find(
    (r) => r.index >= 0 && saving(r) >= WORTH_SAVING && costOf(r) < costOf(none),
  );
  const why = cheaper
    ? `every strategy that saves ${pct(WORTH_SAVING)} ${measure} or more cuts what a later call used`
    : ranked.some((r) => r.index >= 0 && r.savedShare > 0.0005 && saving(r) < 0)
      ? `no strategy compared here saves ${pct(WORTH_SAVING)} ${measure} or more (those that send less cost more once prompt caching is counted)`
      : `no strategy compared here saves ${pct(WORTH_SAVING)} ${measure} or more`;
  return {
    kind: 'none',
    needed: false,
    index: -1,
    label: none.label,
    sentence: `No pruning needed: the run ${peak}${near ? ' (near it: a longer run would need pruning)' : ''}, and ${why}.`,
    ...(cheaper
      ? {
          alternative: `${cheaper.label} would save ${pct(saving(cheaper))} ${measure}, but ${cheaper.lost > 0 ? `cuts ${countOf(cheaper.lost, 'identifier', 'identifiers')} a later call used` : `puts ${countOf(cheaper.overflowCalls, 'call', 'calls')} over the window`}.`,
        }
      : {}),
  };
}
