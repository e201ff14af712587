/**
 * The shared cached prefix before every call of a strategy whose context is a set of kept unit
 * ranges over the history's index (replay-kit.ts `UnitIndex`: token-budget's trimmed window), from
 * the ranges alone. Two calls' contexts hold the same steps, as the same variants, up to the first
 * unit kept by one and not the other (steps without units are in both): the shared prefix ends at
 * that unit's step, where the two contexts differ (checked: two variants of the step compared as
 * same-step.ts compares, or two different steps of a history whose ids are unique), and its tokens
 * are the context tokens of the ranges cut there. Where that check cannot tell, both contexts are
 * built (`contextAt`) and compared step by step. Steps the index leaves out of its units (the
 * Strands window's system prompts, held apart and always sent) are in both contexts, their tokens
 * before a step from `otherSums`. A call whose context no ranges describe (`rangesAt` gives
 * undefined: the Strands window's overflow path rewrites steps) is compared built, with its
 * neighbours.
 */
import type { Step } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { UnitIndex } from './replay-kit';
import { sameStep } from './same-step';
import { keptVariant } from './units';

type Ranges = readonly (readonly [number, number])[];

const inRanges = (ranges: Ranges, u: number) => ranges.some(([x, y]) => u >= x && u < y);

/** The first unit in [0, end) that one range set keeps and the other does not; `end` if none. */
function firstDifference(a: Ranges, b: Ranges, end: number): number {
  const edges = [0, ...a.flat(), ...b.flat()].filter((u) => u < end).sort((x, y) => x - y);
  for (const u of edges) if (inRanges(a, u) !== inRanges(b, u)) return u;
  return end;
}

export function rangeShared<M>(
  index: UnitIndex<M>,
  calls: readonly number[],
  rangesAt: (k: number) => Ranges | undefined,
  contextAt: (k: number) => readonly Step[],
): number[] {
  const steps = index.steps;
  const uniqueIds = new Set(steps.map((s) => s.id)).size === steps.length;
  // Step s as the ranges keep it: itself, a variant, or null when none of its units is kept.
  const kept = (s: number, ranges: Ranges): Step | null => {
    const first = index.firstUnit[s] as number;
    const count = index.unitsPerStep[s] as number;
    const own = index.units.slice(first, first + count);
    return keptVariant(
      steps[s] as Step,
      own,
      own.map((_, j) => inRanges(ranges, first + j)),
    );
  };
  const out: number[] = [];
  let before: { k: number; ranges: Ranges | undefined; tokens: number } | undefined;
  for (const k of calls) {
    const ranges = rangesAt(k);
    const tokens = ranges ? index.contextTokens(ranges, index.otherSums[k]) : 0;
    if (!before) {
      out.push(0);
      before = { k, ranges, tokens };
      continue;
    }
    if (!before.ranges || !ranges) {
      out.push(builtShared(contextAt(before.k), contextAt(k), index));
      before = { k, ranges, tokens };
      continue;
    }
    const end = index.unitsBefore(before.k);
    const u = firstDifference(before.ranges, ranges, end);
    if (u === end) {
      out.push(before.tokens - REPLY_PRIMING_TOKENS);
    } else {
      const s = (index.units[u] as { stepIndex: number }).stepIndex;
      const [x, y] = [kept(s, before.ranges), kept(s, ranges)];
      // Steps of different token counts differ without comparing their content.
      const differs =
        x && y
          ? x !== y && (index.tokens.step(x) !== index.tokens.step(y) || !sameStep(x, y))
          : uniqueIds;
      out.push(
        differs
          ? cutTokens(index, before.ranges, index.unitsBefore(s), index.otherSums[s] as number)
          : builtShared(contextAt(before.k), contextAt(k), index),
      );
    }
    before = { k, ranges, tokens };
  }
  return out;
}

/** Tokens (without reply priming) of the ranges' steps before the unit `cut`, plus `other`. */
function cutTokens<M>(index: UnitIndex<M>, ranges: Ranges, cut: number, other: number): number {
  const clipped = ranges.map(([x, y]): [number, number] => [x, Math.min(y, cut)]);
  return index.contextTokens(clipped, other) - REPLY_PRIMING_TOKENS;
}

/** The shared prefix of two built contexts, step by step. */
function builtShared<M>(a: readonly Step[], b: readonly Step[], index: UnitIndex<M>): number {
  let shared = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (!sameStep(a[i] as Step, b[i] as Step)) break;
    shared += index.tokens.step(a[i] as Step);
  }
  return shared;
}
