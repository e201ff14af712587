/**
 * Shared machinery for fast replays of message-level strategies. Each model call's context is the
 * strategy applied to a prefix of the history; these strategies keep a few ranges of message units
 * (a preserved head, a recent tail, an anchor). Tokens of the resulting steps then follow from
 * prefix sums over whole steps plus, for the few steps cut at a range's edge, the tokens of their
 * partial variant (memoized) — exactly what `stepsFromKeptUnits` followed by `tokens.context` gives.
 */
import type { Dialect, DialectMessages } from '../messages/types';
import type { StepTokens } from '../tokens/step-tokens';
import type { Step } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { changedFate, KEPT_FATE, REMOVED_FATE } from './result';
import type {
  ContextChanges,
  ContextView,
  StepFate,
  StepsAt,
  StrategyContext,
  StrategyResult,
} from './types';
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

  /**
   * Builds now what the first `result` would (the fates template): a load prepares the index
   * (load-index.ts), so a strategy's first apply on the loaded list is its decision alone.
   */
  prepare(): this {
    this.#fateTemplate();
    return this;
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
    const fates = this.#fateTemplate().template.slice();
    return { steps: this.#stepsOf(ranges, this.steps.length, fates), fates, inserted: [], notes };
  }

  /**
   * The steps `result(ranges)` keeps when the ranges lie within the units of steps [0, end): what
   * applying the strategy to those steps returns, in order, without its fates (a replayed context,
   * `replayContexts`). A step cut at a range's edge is its variant, made once per units kept, so
   * consecutive contexts share it.
   */
  stepsBefore(ranges: readonly (readonly [number, number])[], end: number): Step[] {
    return this.#stepsOf(ranges, end, undefined);
  }

  /** The ranges' steps merged in step order with the always-kept steps before `end`. */
  #stepsOf(
    ranges: readonly (readonly [number, number])[],
    end: number,
    fates: StepFate[] | undefined,
  ): Step[] {
    const { always } = this.#fateTemplate();
    const out: Step[] = [];
    let next = 0;
    let last = -1;
    for (const [x, y] of ranges) {
      if (y <= x) continue;
      const from = (this.units[x] as StrategyUnit<M>).stepIndex;
      const to = (this.units[y - 1] as StrategyUnit<M>).stepIndex;
      for (let i = Math.max(from, last + 1); i <= to; i++) {
        const step = this.#survivor(i, ranges, fates);
        if (!step) continue;
        while (next < always.length && (always[next] as number) < i)
          out.push(this.steps[always[next++] as number] as Step);
        out.push(step);
      }
      last = Math.max(last, to);
    }
    while (next < always.length && (always[next] as number) < end)
      out.push(this.steps[always[next++] as number] as Step);
    return out;
  }

  /**
   * The step objects that leave and enter a replayed context when its ranges and end move from one
   * call's (`before`) to a later call's (`after`): `stepsBefore(before)` and `stepsBefore(after)`
   * differ exactly by these (as collections), found from the units whose membership changed and the
   * always-kept steps appended, so a window sliding on costs what it passed over.
   */
  rangeChanges(
    before: { readonly ranges: readonly (readonly [number, number])[]; readonly end: number },
    after: { readonly ranges: readonly (readonly [number, number])[]; readonly end: number },
  ): ContextChanges {
    const leaving: Step[] = [];
    const entering: Step[] = [];
    const { always } = this.#fateTemplate();
    for (
      let j = firstTrue(0, always.length, (x) => (always[x] as number) >= before.end);
      j < always.length && (always[j] as number) < after.end;
      j++
    )
      entering.push(this.steps[always[j] as number] as Step);
    let last = -1;
    for (const [x, y] of changedUnits(before.ranges, after.ranges)) {
      const from = (this.units[x] as StrategyUnit<M>).stepIndex;
      const to = (this.units[y - 1] as StrategyUnit<M>).stepIndex;
      for (let i = Math.max(from, last + 1); i <= to; i++) {
        const was = this.#survivor(i, before.ranges, undefined);
        const now = this.#survivor(i, after.ranges, undefined);
        if (was === now) continue;
        if (was) leaving.push(was);
        if (now) entering.push(now);
      }
      last = Math.max(last, to);
    }
    return { leaving, entering };
  }

  /** `stepsBefore`'s variants, by step and units kept. */
  readonly #variantSteps = new Map<string, Step>();

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

  /**
   * Step i under the ranges: itself, its variant, or null when removed; its fate set in `fates`,
   * or, without them, its variant kept for the next context (`stepsBefore`).
   */
  #survivor(
    i: number,
    ranges: readonly (readonly [number, number])[],
    fates: StepFate[] | undefined,
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
      if (fates) fates[i] = KEPT;
      return step;
    }
    const stepUnits = this.units.slice(a, b);
    const keep = stepUnits.map((_, j) => inRange(a + j));
    if (!fates) {
      const key = `${i}:${keep.map(Number).join('')}`;
      let variant = this.#variantSteps.get(key);
      if (!variant)
        this.#variantSteps.set(key, (variant = keptVariant(step, stepUnits, keep) as Step));
      return variant;
    }
    const variant = keptVariant(step, stepUnits, keep) as Step;
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

/** The units in exactly one of two lists of ranges (sorted, disjoint, half-open), as ranges. */
function changedUnits(
  a: readonly (readonly [number, number])[],
  b: readonly (readonly [number, number])[],
): [number, number][] {
  const points = [...new Set([...a, ...b].flat())].sort((x, y) => x - y);
  const covers = (ranges: readonly (readonly [number, number])[], u: number) =>
    ranges.some(([x, y]) => u >= x && u < y);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [p, q] = [points[i] as number, points[i + 1] as number];
    if (covers(a, p) === covers(b, p)) continue;
    const prev = out.at(-1);
    if (prev && prev[1] === p) prev[1] = q;
    else out.push([p, q]);
  }
  return out;
}

/** Steps read by position, built the first time a reader asks (a view whose changes say enough). */
export function lazySteps(build: () => readonly Step[]): StepsAt {
  let steps: readonly Step[] | undefined;
  return {
    get length() {
      return (steps ??= build()).length;
    },
    at: (i) => (steps ??= build())[i],
  };
}

/**
 * `replayViews` for a strategy that keeps unit ranges of an index before each call (`rangesAt`,
 * undefined where a call takes another path, such as Strands' overflow, whose context `contextAt`
 * gives): each call's changes from the previous call's ranges, or, after a call on another path,
 * its context whole.
 */
export function rangeViews<M>(
  index: UnitIndex<M>,
  rangesAt: (k: number) => readonly (readonly [number, number])[] | undefined,
  contextAt: (k: number) => readonly Step[],
): (k: number) => ContextView {
  let before: { ranges: readonly (readonly [number, number])[]; end: number } | undefined = {
    ranges: [],
    end: 0,
  };
  return (k) => {
    const ranges = rangesAt(k);
    if (!ranges) {
      before = undefined;
      return { context: contextAt(k), unchanged: 0 };
    }
    const after = { ranges, end: k };
    const context = lazySteps(() => index.stepsBefore(ranges, k));
    const view = before
      ? { context, unchanged: 0, changes: index.rangeChanges(before, after) }
      : { context, unchanged: 0 };
    before = after;
    return view;
  };
}

/**
 * A context as parts: ranges of positions in an order of the list's steps (`stepAt`), and a few
 * other step objects (a summary). The order need not be the context's: the changes between two
 * calls' contexts are the same.
 */
export interface ContextParts {
  readonly ranges: readonly (readonly [number, number])[];
  readonly extra: readonly Step[];
}

/**
 * `replayViews` for a strategy whose context before each call is its parts (`partsAt`): each call's
 * changes from the previous call's parts, the context (`contextAt`) read only if a reader asks.
 */
export function partsViews(
  stepAt: (i: number) => Step,
  partsAt: (k: number) => ContextParts,
  contextAt: (k: number) => readonly Step[],
): (k: number) => ContextView {
  let before: ContextParts = { ranges: [], extra: [] };
  return (k) => {
    const after = partsAt(k);
    const leaving: Step[] = [];
    const entering: Step[] = [];
    for (const [x, y] of changedUnits(before.ranges, after.ranges))
      for (let i = x; i < y; i++)
        (after.ranges.some(([a, b]) => i >= a && i < b) ? entering : leaving).push(stepAt(i));
    for (const s of before.extra) if (!after.extra.includes(s)) leaving.push(s);
    for (const s of after.extra) if (!before.extra.includes(s)) entering.push(s);
    before = after;
    return { context: lazySteps(() => contextAt(k)), unchanged: 0, changes: { leaving, entering } };
  };
}

// ---- Per-list memos (issue 26) ----

/**
 * What a strategy derives from a whole step list, kept while the list lives. A loaded history's
 * step list is never mutated once handed to a strategy (as `UnitIndex.cached` relies on), and the
 * compare view, the CLI and the replays apply several strategies to the same list: each derives
 * its totals, positions and summaries once, not at every apply.
 */

const memos = new WeakMap<readonly Step[], WeakMap<object, Map<string, unknown>>>();

/** `make()` once per step list, owner (a token counter, a summarizer) and key. */
export function listMemo<T>(steps: readonly Step[], owner: object, key: string, make: () => T): T {
  let byOwner = memos.get(steps);
  if (!byOwner) memos.set(steps, (byOwner = new WeakMap()));
  let byKey = byOwner.get(owner);
  if (!byKey) byOwner.set(owner, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = make();
  byKey.set(key, value);
  return value;
}

/** `tokens.context(steps)`, counted once per list. */
export function listContext(steps: readonly Step[], tokens: StepTokens): number {
  return listMemo(steps, tokens, 'context', () => tokens.context(steps));
}

/** Each step of a list as a strategy shows it (itself, a variant, or null: left out), with its fate. */
export interface ListVariants {
  readonly variants: readonly (Step | null)[];
  readonly fates: readonly StepFate[];
}

/**
 * `variant` of every step of the list, and the fate `buildResult` derives for it (kept, truncated,
 * removed), once per list, owner and key: an apply then copies the ranges it needs.
 */
export function listVariants(
  steps: readonly Step[],
  owner: object,
  key: string,
  variant: (step: Step) => Step | null,
): ListVariants {
  return listMemo(steps, owner, `variants:${key}`, () => {
    const variants: (Step | null)[] = [];
    const fates: StepFate[] = [];
    for (const s of steps) {
      const v = variant(s);
      variants.push(v);
      fates.push(v === null ? REMOVED_FATE : v === s ? KEPT_FATE : changedFate(s, v));
    }
    return { variants, fates };
  });
}

/**
 * `make()` once per step list, token counter, summarizer and key (a strategy and its parameters):
 * a replay's per-call decisions, shared by its `replayTokens` and `replayShared`, which the
 * simulation asks for one after the other.
 */
export function replayMemo<T>(
  steps: readonly Step[],
  ctx: Pick<StrategyContext, 'tokens' | 'summarizer'>,
  key: string,
  make: () => T,
): T {
  const bySummarizer = listMemo(
    steps,
    ctx.tokens,
    'replay-memo',
    () => new WeakMap<object, Map<string, unknown>>(),
  );
  let byKey = bySummarizer.get(ctx.summarizer);
  if (!byKey) bySummarizer.set(ctx.summarizer, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = make();
  byKey.set(key, value);
  return value;
}
