/**
 * The shared cached prefix before every call of a strategy that, before call k, clears the first
 * `e(k)` units of the history oldest first (clear_tool_uses' tool results, observation masking's
 * observations): step i is then the step with its first `clamp(e(k) − units before i)` units
 * cleared, built as `apply` builds it and kept once per count. Two calls' contexts can differ only
 * at the steps holding the units between their two counts: the shared prefix ends at the first of
 * those whose content differs (same-step.ts), and its tokens follow from prefix sums. No
 * application of the strategy, no sampling.
 */
import type { Step } from '../model/types';
import { prefixSums } from './per-step';
import { firstTrue } from './replay-kit';
import { sameStep } from './same-step';
import type { ContextView, StrategyContext } from './types';

/** What the rule reads of the history, and tokens freed before a step when `e` units are cleared. */
export interface ClearedKit {
  /** `stepSums[i]`: tokens of steps [0, i). */
  readonly stepSums: readonly number[];
  /** `unitCount[i]`: units in steps [0, i). */
  readonly unitCount: readonly number[];
  freedBefore(end: number, e: number): number;
}

export interface FirstCleared {
  /** The units of a step the rule counts. */
  units(step: Step): number;
  /** Step i with its first `m` units cleared (1 ≤ m ≤ its units), exactly as `apply` builds it. */
  variant(i: number, m: number): Step;
  /** How many units are cleared before the call producing step k. */
  clearedAt(k: number, kit: ClearedKit): number;
}

/** A first-units-cleared rule replayed over one history: shared prefixes, and contexts. */
export interface FirstClearedReplay {
  /** Before each call, the tokens its context shares with the previous call's (0 at the first). */
  shared(calls: readonly number[]): number[];
  /** The context before the call producing step k: what `apply` on the steps before it returns. */
  contextAt(k: number): Step[];
  /**
   * A reader of the contexts of calls taken in order, each read in place: step i of the context
   * before call k is its variant for `clearedAt(k)`, so two calls' contexts differ only from the
   * first step holding a unit between their two counts, and at the steps appended (`replayViews`).
   */
  views(): (k: number) => ContextView;
}

/**
 * Replays per history, token counter and rule (`key`: the strategy and its parameters), so the
 * shared prefixes and the contexts kept for a comparison build each cleared step once.
 */
const replays = new WeakMap<readonly Step[], WeakMap<object, Map<string, FirstClearedReplay>>>();

export function firstCleared(
  history: readonly Step[],
  ctx: StrategyContext,
  key: string,
  build: () => { steps: readonly Step[]; rule: FirstCleared },
): FirstClearedReplay {
  let byTokens = replays.get(history);
  if (!byTokens) replays.set(history, (byTokens = new WeakMap()));
  let byKey = byTokens.get(ctx.tokens);
  if (!byKey) byTokens.set(ctx.tokens, (byKey = new Map()));
  let replay = byKey.get(key);
  if (!replay) {
    const { steps, rule } = build();
    byKey.set(key, (replay = replayOf(steps, ctx, rule)));
  }
  return replay;
}

function replayOf(
  steps: readonly Step[],
  ctx: StrategyContext,
  rule: FirstCleared,
): FirstClearedReplay {
  const stepSums = prefixSums(steps, ctx.tokens);
  const unitCount = new Array<number>(steps.length + 1).fill(0);
  for (let i = 0; i < steps.length; i++)
    unitCount[i + 1] = (unitCount[i] as number) + rule.units(steps[i] as Step);
  const unitsIn = (i: number) => (unitCount[i + 1] as number) - (unitCount[i] as number);
  const variants = new Map<number, Map<number, Step>>();
  /** Step i with its first m units cleared (the step itself when none is). */
  const variant = (i: number, m: number): Step => {
    const clamped = Math.max(0, Math.min(m, unitsIn(i)));
    if (clamped === 0) return steps[i] as Step;
    let byCount = variants.get(i);
    if (!byCount) variants.set(i, (byCount = new Map()));
    let out = byCount.get(clamped);
    if (!out) byCount.set(clamped, (out = rule.variant(i, clamped)));
    return out;
  };
  const delta = (i: number, m: number) => {
    const v = variant(i, m);
    return v === steps[i] ? 0 : ctx.tokens.step(steps[i] as Step) - ctx.tokens.step(v);
  };
  // Steps of different token counts differ without comparing their content.
  const differ = (x: Step, y: Step) =>
    x !== y && (ctx.tokens.step(x) !== ctx.tokens.step(y) || !sameStep(x, y));
  const fullDelta = [0];
  steps.forEach((_, i) =>
    fullDelta.push((fullDelta[i] as number) + delta(i, Number.MAX_SAFE_INTEGER)),
  );
  /** The step holding unit `e − 1` (e > 0), searched in the steps before `k`. */
  const holding = (e: number, k: number) =>
    firstTrue(0, k - 1, (i) => (unitCount[i + 1] as number) >= e);
  const kit: ClearedKit = {
    stepSums,
    unitCount,
    freedBefore(end, e) {
      if (e === 0) return 0;
      const lo = holding(e, end);
      return (
        (fullDelta[Math.min(end, lo)] as number) +
        (lo < end ? delta(lo, e - (unitCount[lo] as number)) : 0)
      );
    },
  };
  return {
    shared(calls) {
      const out: number[] = [];
      let before: { k: number; e: number } | undefined;
      for (const k of calls) {
        const e = rule.clearedAt(k, kit);
        if (!before) {
          out.push(0);
          before = { k, e };
          continue;
        }
        const a = before.k;
        const lo = Math.min(before.e, e);
        const hi = Math.max(before.e, e);
        // The first step (before a) holding a unit in [lo, hi) whose two variants differ.
        let end = a;
        if (lo < hi) {
          for (let i = holding(lo + 1, a + 1); i < a && (unitCount[i] as number) < hi; i++) {
            const m = (x: number) => x - (unitCount[i] as number);
            if (differ(variant(i, m(before.e)), variant(i, m(e)))) {
              end = i;
              break;
            }
          }
        }
        out.push((stepSums[end] as number) - kit.freedBefore(end, before.e));
        before = { k, e };
      }
      return out;
    },
    contextAt(k) {
      const e = rule.clearedAt(k, kit);
      const out: Step[] = [];
      for (let i = 0; i < k; i++) out.push(variant(i, e - (unitCount[i] as number)));
      return out;
    },
    views() {
      let before: { k: number; e: number } | undefined;
      return (k) => {
        const e = rule.clearedAt(k, kit);
        let unchanged = 0;
        if (before) {
          // A step whose units all come before both counts is cleared whole under both (the same
          // object); a step holding a unit at or past the lower count may differ.
          const lo = Math.min(before.e, e);
          unchanged =
            lo === Math.max(before.e, e)
              ? before.k
              : firstTrue(0, before.k, (i) => (unitCount[i + 1] as number) > lo);
        }
        before = { k, e };
        return {
          context: {
            length: k,
            at: (i) => (i >= 0 && i < k ? variant(i, e - (unitCount[i] as number)) : undefined),
          },
          unchanged,
        };
      };
    },
  };
}
