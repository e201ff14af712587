/**
 * Shared machinery for fast replays of message-level strategies. Each model call's context is the
 * strategy applied to a prefix of the history; these strategies keep a few ranges of message units
 * (a preserved head, a recent tail, an anchor). Tokens of the resulting steps then follow from
 * prefix sums over whole steps plus, for the few steps cut at a range's edge, the tokens of their
 * partial variant (memoized) — exactly what `stepsFromKeptUnits` followed by `tokens.context` gives.
 */
import type { Dialect, DialectMessages } from '../messages/types';
import type { Step } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';
import { keptVariant, unitsOf, type StrategyUnit } from './units';

/** The first i in [lo, hi) where a monotone predicate (false…false true…true) holds; hi if none. */
export function firstTrue(lo: number, hi: number, pred: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The largest n in [1, max] where a monotone predicate (true…true false…false) holds; 0 if none. */
export function lastTrue(max: number, pred: (n: number) => boolean): number {
  return firstTrue(1, max + 1, (n) => !pred(n)) - 1;
}

export class UnitIndex<M> {
  readonly units: StrategyUnit<M>[];
  /** `stepSums[i]`: tokens of the included steps [0, i) in the context's dialect. */
  readonly stepSums: number[];
  /** `unitEnd[k]`: number of units produced by steps [0, k). */
  readonly unitEnd: number[];
  readonly unitsPerStep: number[];
  readonly firstUnit: number[];
  readonly #variants = new Map<string, number>();

  constructor(
    readonly steps: readonly Step[],
    readonly tokens: StepTokens,
    units: StrategyUnit<M>[],
    include: (s: Step) => boolean = () => true,
  ) {
    this.units = units;
    this.stepSums = [0];
    this.unitsPerStep = steps.map(() => 0);
    this.firstUnit = steps.map(() => -1);
    units.forEach((u, i) => {
      this.unitsPerStep[u.stepIndex] = (this.unitsPerStep[u.stepIndex] as number) + 1;
      if (this.firstUnit[u.stepIndex] === -1) this.firstUnit[u.stepIndex] = i;
    });
    this.unitEnd = [0];
    steps.forEach((s, i) => {
      this.stepSums.push((this.stepSums[i] as number) + (include(s) ? tokens.step(s) : 0));
      this.unitEnd.push((this.unitEnd[i] as number) + (this.unitsPerStep[i] as number));
    });
  }

  static of<D extends Dialect>(
    steps: readonly Step[],
    tokens: StepTokens,
    dialect: D,
    include: (s: Step) => boolean = () => true,
  ) {
    const units = unitsOf(steps, dialect).filter((u) => include(steps[u.stepIndex] as Step));
    return new UnitIndex<DialectMessages[D]>(steps, tokens, units, include);
  }

  /** Number of units from steps [0, k) (after the `include` filter). */
  unitsBefore(k: number): number {
    // Units are in step order: the first unit of a step at or after k.
    return firstTrue(
      0,
      this.units.length,
      (i) => (this.units[i] as StrategyUnit<M>).stepIndex >= k,
    );
  }

  /**
   * Context tokens (with reply priming) of the steps that keep exactly the unit ranges given
   * (sorted, disjoint, half-open), plus `extra` tokens (e.g. system prompts held apart).
   */
  contextTokens(ranges: readonly (readonly [number, number])[], extra = 0): number {
    let total = REPLY_PRIMING_TOKENS + extra;
    const partial = new Map<number, number[]>();
    const mark = (stepIndex: number, unit: number) => {
      const list = partial.get(stepIndex) ?? [];
      list.push(unit);
      partial.set(stepIndex, list);
    };
    for (const [a, b] of ranges) {
      if (b <= a) continue;
      const sa = (this.units[a] as StrategyUnit<M>).stepIndex;
      const sb = (this.units[b - 1] as StrategyUnit<M>).stepIndex;
      if (sa === sb) {
        for (let u = a; u < b; u++) mark(sa, u);
        continue;
      }
      for (let u = a; u < (this.firstUnit[sa] as number) + (this.unitsPerStep[sa] as number); u++)
        mark(sa, u);
      total += (this.stepSums[sb] as number) - (this.stepSums[sa + 1] as number);
      for (let u = this.firstUnit[sb] as number; u < b; u++) mark(sb, u);
    }
    for (const [stepIndex, kept] of partial) total += this.#keptTokens(stepIndex, kept);
    return total;
  }

  #keptTokens(stepIndex: number, kept: number[]): number {
    const all = this.unitsPerStep[stepIndex] as number;
    const unique = [...new Set(kept)].sort((x, y) => x - y);
    if (unique.length === all)
      return (this.stepSums[stepIndex + 1] as number) - (this.stepSums[stepIndex] as number);
    const key = `${stepIndex}:${unique.join(',')}`;
    const hit = this.#variants.get(key);
    if (hit !== undefined) return hit;
    const first = this.firstUnit[stepIndex] as number;
    const stepUnits = this.units.slice(first, first + all);
    const variant = keptVariant(
      this.steps[stepIndex] as Step,
      stepUnits,
      stepUnits.map((_, i) => unique.includes(first + i)),
    );
    const n = variant === null ? 0 : this.tokens.step(variant);
    this.#variants.set(key, n);
    return n;
  }
}
