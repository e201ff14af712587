/**
 * The shared cached prefix of clear_tool_uses before every call (clear-tool-uses.ts), without
 * applying it: before call k the strategy clears the first `e(k)` tool uses (the candidates past
 * the trigger, none when it is not reached or `clear_at_least` refuses), so step i is the step with
 * its first `clamp(e(k) − uses before i)` uses cleared, built here exactly as `apply` builds it and
 * kept once per count. Two calls' contexts can differ only at the steps holding the uses between
 * their two counts: the shared prefix ends at the first of those whose content differs (same-step.ts), and its tokens follow from prefix sums.
 */
import type { Step, ToolCall } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { compilePlaceholder } from './placeholder';
import { prefixSums } from './per-step';
import { firstTrue } from './replay-kit';
import { sameStep } from './same-step';
import type { HistoryLike, StrategyContext } from './types';

/** The parameters the rule reads (clear-tool-uses.ts `Params`). */
interface ClearParams {
  readonly triggerTokens: number;
  readonly keep: number;
  readonly clearAtLeast: number;
  readonly excludeTools: readonly string[];
  readonly placeholder: string;
}

export function clearedShared(
  history: HistoryLike,
  calls: readonly number[],
  p: ClearParams,
  ctx: StrategyContext,
  clearCall: (call: ToolCall, placeholder: string) => ToolCall,
): number[] {
  const steps = history.steps;
  const excluded = new Set(p.excludeTools);
  const ph = compilePlaceholder(p.placeholder);
  const stepSums = prefixSums(steps, ctx.tokens);
  // useCount[i]: tool uses (calls with a result) in steps [0, i).
  const useCount = new Array<number>(steps.length + 1).fill(0);
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as Step;
    let uses = 0;
    if (s.kind === 'action') for (const c of s.toolCalls) if (c.result !== undefined) uses++;
    useCount[i + 1] = (useCount[i] as number) + uses;
  }
  const usesIn = (i: number) => (useCount[i + 1] as number) - (useCount[i] as number);
  // Step i with its first m uses cleared, as `apply` builds it (the step itself when none is).
  const variants = new Map<number, Map<number, Step>>();
  const variant = (i: number, m: number): Step => {
    const s = steps[i] as Step;
    const clamped = Math.max(0, Math.min(m, usesIn(i)));
    if (clamped === 0 || s.kind !== 'action') return s;
    let byCount = variants.get(i);
    if (!byCount) variants.set(i, (byCount = new Map()));
    const hit = byCount.get(clamped);
    if (hit) return hit;
    const ids = new Set<string>();
    let seen = 0;
    for (const c of s.toolCalls) {
      if (c.result === undefined) continue;
      if (++seen > clamped) break;
      if (!excluded.has(c.name) && !ph.isRendering(c.result)) ids.add(c.id);
    }
    const out: Step =
      ids.size === 0
        ? s
        : {
            ...s,
            toolCalls: s.toolCalls.map((c) =>
              ids.has(c.id) ? clearCall(c, ph.render(c.result as string, ctx.tokens.counter)) : c,
            ),
          };
    byCount.set(clamped, out);
    return out;
  };
  const delta = (i: number, m: number) => {
    const v = variant(i, m);
    return v === steps[i] ? 0 : ctx.tokens.step(steps[i] as Step) - ctx.tokens.step(v);
  };
  const fullDelta = [0];
  steps.forEach((_, i) =>
    fullDelta.push((fullDelta[i] as number) + delta(i, Number.MAX_SAFE_INTEGER)),
  );
  /** The step holding use `e − 1`, the last one cleared when `e` are (e > 0). */
  const lastCleared = (e: number, k: number) =>
    firstTrue(0, k - 1, (i) => (useCount[i + 1] as number) >= e);
  /** Tokens freed in steps [0, end) when the first `e` uses are cleared. */
  const freedBefore = (end: number, e: number) => {
    if (e === 0) return 0;
    const lo = lastCleared(e, end);
    return (
      (fullDelta[Math.min(end, lo)] as number) +
      (lo < end ? delta(lo, e - (useCount[lo] as number)) : 0)
    );
  };
  /** How many uses the strategy clears before the call producing step k. */
  const clearedAt = (k: number) => {
    if (REPLY_PRIMING_TOKENS + (stepSums[k] as number) <= p.triggerTokens) return 0;
    const candidates = Math.max(0, (useCount[k] as number) - p.keep);
    if (candidates === 0) return 0;
    if (p.clearAtLeast > 0 && freedBefore(k, candidates) < p.clearAtLeast) return 0;
    return candidates;
  };
  const out: number[] = [];
  let before: { k: number; e: number } | undefined;
  for (const k of calls) {
    const e = clearedAt(k);
    if (!before) {
      out.push(0);
      before = { k, e };
      continue;
    }
    const a = before.k;
    const lo = Math.min(before.e, e);
    const hi = Math.max(before.e, e);
    // The first step (before a) holding a use in [lo, hi) whose two variants differ.
    let end = a;
    if (lo < hi) {
      for (let i = lastCleared(lo + 1, a + 1); i < a && (useCount[i] as number) < hi; i++) {
        const m = (x: number) => x - (useCount[i] as number);
        if (!sameStep(variant(i, m(before.e)), variant(i, m(e)))) {
          end = i;
          break;
        }
      }
    }
    out.push((stepSums[end] as number) - freedBefore(end, before.e));
    before = { k, e };
  }
  return out;
}
