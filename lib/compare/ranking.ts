/**
 * "Which strategy should I use?": the compared strategies (and sending everything) ranked under the
 * user's goal, each with one sentence saying why it ranks where it does. Costs are what the
 * provider bills with prompt caching (the uncached figure beside it); where a model has no price,
 * input tokens stand in for cost.
 */
import type { Step } from '../model/types';
import type { RunCost } from '../simulate/cache';
import type { SimCall, SimulatedRun } from '../simulate/simulate';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
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
  readonly rank: number;
  readonly inputTokens: number;
  readonly cost?: RunCost;
  /** Input tokens saved against `none`, as a share of `none`'s. */
  readonly savedShare: number;
  /** Cached cost saved against `none`'s cached cost (negative: it costs more). */
  readonly cachedSavedShare?: number;
  readonly overflowCalls: number;
  readonly lost: number;
  /** Calls whose context no longer starts with the whole previous context (the cache prefix broke). */
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

const pct = (x: number) => `${Math.round(Math.abs(x) * 100)}%`;

function sentenceFor(
  r: Omit<RankedStrategy, 'sentence' | 'rank'>,
  totalCalls: number,
  firstLostStep: number | undefined,
  windowLabel: string,
): string {
  if (r.index < 0) {
    return `sends everything at every call${r.overflowCalls > 0 ? `, and ${r.overflowCalls} call${r.overflowCalls === 1 ? '' : 's'} exceed ${windowLabel}` : ''}.`;
  }
  const parts: string[] = [];
  if (r.savedShare <= 0.0005) parts.push('saves no input');
  else parts.push(`saves ${pct(r.savedShare)} of input`);
  if (r.cachedSavedShare !== undefined) {
    if (r.cachedSavedShare < -0.0005)
      parts.push(
        `yet costs ${pct(r.cachedSavedShare)} more than sending everything once prompt caching is counted (the cache prefix restarts at ${r.prefixBreaks} of ${totalCalls} calls)`,
      );
    else if (r.savedShare > 0.0005)
      parts.push(
        `${pct(r.cachedSavedShare)} of the cached cost${r.prefixBreaks > 0 ? ` (the cache prefix restarts at ${r.prefixBreaks} of ${totalCalls} calls)` : ''}`,
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
      `${r.overflowCalls} call${r.overflowCalls === 1 ? '' : 's'} still exceed ${windowLabel}`,
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
  const rows: Omit<RankedStrategy, 'rank'>[] = [];
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
      prefixBreaks: prefixBreaks(run.calls),
    };
    rows.push({
      ...partial,
      sentence: sentenceFor(partial, run.calls.length, firstLostStep, windowLabel),
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
  const costOf = (r: Omit<RankedStrategy, 'rank'>) => r.cost?.costUsd ?? r.inputTokens;
  const keys: Record<Goal, (r: Omit<RankedStrategy, 'rank'>) => number[]> = {
    cost: (r) => [costOf(r), r.overflowCalls, r.lost],
    overflow: (r) => [r.overflowCalls, costOf(r), r.lost],
    loss: (r) => [r.lost, r.overflowCalls, costOf(r)],
  };
  const key = keys[goal];
  const sorted = [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++)
      if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
    return a.index - b.index;
  });
  return sorted.map((r, i) => ({ ...r, rank: i + 1 }));
}
