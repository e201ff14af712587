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
import { changedFate } from './result';
import type { StepFate, StrategyResult } from './types';
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

const KEPT: StepFate = Object.freeze({ kind: 'kept' });
const REMOVED: StepFate = Object.freeze({ kind: 'removed' });

/** Which steps a unit index leaves out of its units (a system prompt Strands holds apart). */
export type IndexScope = 'all' | 'no-system';
const inScope = (scope: IndexScope, s: Step) => scope === 'all' || s.kind !== 'system-prompt';

/** Indexes per token counter, per step list (a loaded history's steps are never mutated), per dialect. */
const indexCache = new WeakMap<
  StepTokens,
  WeakMap<readonly Step[], Map<string, UnitIndex<unknown>>>
>();

export class UnitIndex<M> {
  readonly units: StrategyUnit<M>[];
  /** `stepSums[i]`: tokens of the included steps [0, i) in the context's dialect. */
  readonly stepSums: number[];
  /** `otherSums[i]`: tokens of the steps [0, i) left out of the units (held apart, always kept). */
  readonly otherSums: number[];
  /** `unitEnd[k]`: number of units produced by steps [0, k). */
  readonly unitEnd: number[];
  readonly unitsPerStep: number[];
  readonly firstUnit: number[];
  readonly #variants = new Map<string, number>();
  readonly #include: (s: Step) => boolean;
  #unitSums: number[] | undefined;

  constructor(
    readonly steps: readonly Step[],
    readonly tokens: StepTokens,
    units: StrategyUnit<M>[],
    include: (s: Step) => boolean = () => true,
  ) {
    this.units = units;
    this.#include = include;
    const n = steps.length;
    this.stepSums = new Array<number>(n + 1);
    this.otherSums = new Array<number>(n + 1);
    this.unitEnd = new Array<number>(n + 1);
    this.unitsPerStep = new Array<number>(n).fill(0);
    this.firstUnit = new Array<number>(n).fill(-1);
    for (let i = 0; i < units.length; i++) {
      const at = (units[i] as StrategyUnit<M>).stepIndex;
      if (this.unitsPerStep[at] === 0) this.firstUnit[at] = i;
      this.unitsPerStep[at] = (this.unitsPerStep[at] as number) + 1;
    }
    let sum = 0;
    let other = 0;
    let end = 0;
    for (let i = 0; i < n; i++) {
      this.stepSums[i] = sum;
      this.otherSums[i] = other;
      this.unitEnd[i] = end;
      const s = steps[i] as Step;
      if (include(s)) sum += tokens.step(s);
      else other += tokens.step(s);
      end += this.unitsPerStep[i] as number;
    }
    this.stepSums[n] = sum;
    this.otherSums[n] = other;
    this.unitEnd[n] = end;
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

  /**
   * The index of a step list, built once and kept while the list lives: the units, token sums and
   * message counts a strategy decides on, so applying one to a loaded history costs its decision,
   * not rebuilding every message. Step lists are never mutated once handed to a strategy.
   */
  static cached<D extends Dialect>(
    steps: readonly Step[],
    tokens: StepTokens,
    dialect: D,
    scope: IndexScope = 'all',
  ): UnitIndex<DialectMessages[D]> {
    let byList = indexCache.get(tokens);
    if (!byList) indexCache.set(tokens, (byList = new WeakMap()));
    let byKey = byList.get(steps);
    if (!byKey) byList.set(steps, (byKey = new Map()));
    const key = `${dialect}:${scope}`;
    const hit = byKey.get(key);
    if (hit) return hit as UnitIndex<DialectMessages[D]>;
    const index = UnitIndex.of(steps, tokens, dialect, (s) => inScope(scope, s));
    byKey.set(key, index as UnitIndex<unknown>);
    return index;
  }

  #messages: M[] | undefined;

  /** The units' messages, in order (built once per index). */
  get messages(): readonly M[] {
    return (this.#messages ??= this.units.map((u) => u.message));
  }

  /** Number of units from steps [0, k) (after the `include` filter). */
  unitsBefore(k: number): number {
    return this.unitEnd[Math.min(Math.max(k, 0), this.steps.length)] as number;
  }

  /** `unitSums[i]`: Σ count(message) over units [0, i), counted once per index. */
  unitSums(count: (message: M) => number): readonly number[] {
    if (this.#unitSums) return this.#unitSums;
    const sums = new Array<number>(this.units.length + 1);
    sums[0] = 0;
    for (let i = 0; i < this.units.length; i++)
      sums[i + 1] = (sums[i] as number) + count((this.units[i] as StrategyUnit<M>).message);
    return (this.#unitSums = sums);
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

  /**
   * The strategy result of keeping exactly the unit ranges given (sorted, disjoint, half-open) and
   * every step left out of the units: what `stepsFromKeptUnits` then `buildResult` give, without
   * rebuilding a message. Costs the kept steps plus one copy of a fates template, so a window of 40
   * over 20,000 messages is cheap (a step cut at a range's edge becomes its variant).
   */
  result(ranges: readonly (readonly [number, number])[], notes: readonly string[]): StrategyResult {
    const { always, template } = this.#fateTemplate();
    const fates = template.slice();
    const kept: Step[] = [];
    const keptAt: number[] = [];
    let last = -1;
    for (const [x, y] of ranges) {
      if (y <= x) continue;
      const from = (this.units[x] as StrategyUnit<M>).stepIndex;
      const to = (this.units[y - 1] as StrategyUnit<M>).stepIndex;
      for (let i = Math.max(from, last + 1); i <= to; i++) {
        const variant = this.#survivor(i, ranges, fates);
        if (variant) {
          kept.push(variant);
          keptAt.push(i);
        }
      }
      last = Math.max(last, to);
    }
    // Merge the always-kept steps with the kept ones, in step order.
    const out: Step[] = [];
    let k = 0;
    for (const i of always) {
      while (k < keptAt.length && (keptAt[k] as number) < i) out.push(kept[k++] as Step);
      out.push(this.steps[i] as Step);
    }
    while (k < kept.length) out.push(kept[k++] as Step);
    return { steps: out, fates, inserted: [], notes };
  }

  #template: { always: number[]; template: StepFate[] } | undefined;

  /** Steps kept whatever the ranges (left out of the units, or with none), and fates with the rest removed. */
  #fateTemplate() {
    if (this.#template) return this.#template;
    const always: number[] = [];
    const template = new Array<StepFate>(this.steps.length);
    for (let i = 0; i < this.steps.length; i++) {
      const free = this.unitsPerStep[i] === 0 || !this.#include(this.steps[i] as Step);
      template[i] = free ? KEPT : REMOVED;
      if (free) always.push(i);
    }
    return (this.#template = { always, template });
  }

  /** Step i under the ranges (its fate set in `fates`): itself, its variant, or null when removed. */
  #survivor(
    i: number,
    ranges: readonly (readonly [number, number])[],
    fates: StepFate[],
  ): Step | null {
    const count = this.unitsPerStep[i] as number;
    const step = this.steps[i] as Step;
    if (count === 0 || !this.#include(step)) return null; // Already among the always-kept.
    const a = this.firstUnit[i] as number;
    const b = a + count;
    const inRange = (u: number) => ranges.some(([x, y]) => u >= x && u < y);
    let keptUnits = 0;
    for (let u = a; u < b; u++) if (inRange(u)) keptUnits++;
    if (keptUnits === 0) return null;
    if (keptUnits === count) {
      fates[i] = KEPT;
      return step;
    }
    const stepUnits = this.units.slice(a, b);
    const variant = keptVariant(
      step,
      stepUnits,
      stepUnits.map((_, j) => inRange(a + j)),
    ) as Step;
    fates[i] = changedFate(step, variant);
    return variant;
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
