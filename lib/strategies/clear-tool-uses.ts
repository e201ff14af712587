/**
 * Anthropic context editing `clear_tool_uses_20250919` (platform docs "Context editing"): once the
 * prompt exceeds `trigger` input tokens, clear tool results oldest first, keeping the `keep` most
 * recent tool uses; tools in `exclude_tools` are never cleared; `clear_tool_inputs` also clears the
 * call's input; when `clear_at_least` is set and clearing cannot free that many tokens, nothing is
 * cleared. Anthropic does not publish its placeholder text; we use LangChain's client-side mirror's
 * `[cleared]` (langchain agents/middleware/context_editing.py, `DEFAULT_TOOL_PLACEHOLDER`), as is its
 * rule that `keep` counts every tool use, excluded ones too. `placeholder` is a template
 * (placeholder.ts: `{lines}`, `{chars}`, `{tokens}` of the cleared result); a result that already
 * reads as the template is not cleared again (LangChain skips results equal to its placeholder).
 */
import { z } from 'zod';
import type { ActionStep, Step, ToolCall } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';
import type { TextCounter } from '../tokens/tokenizer';
import { compilePlaceholder, placeholderTemplate, type CompiledPlaceholder } from './placeholder';
import { clearedReplay } from './clear-tool-uses-shared';
import { firstTrue } from './replay-kit';
import { listContext, listMemo } from './replay-kit';
import { changedFate, KEPT_FATE, keepAll } from './result';
import type { StepFate, Strategy, StrategyResult } from './types';

/** LangChain's `DEFAULT_TOOL_PLACEHOLDER` (Anthropic does not publish the server's text). */
export const CLEARED_PLACEHOLDER = '[cleared]';

const params = z.object({
  triggerTokens: z
    .number()
    .int()
    .min(0)
    .default(100_000)
    .describe('Clear once the prompt exceeds this many input tokens.')
    .meta({ title: 'Clear past (input tokens)', upstream: 'trigger: input_tokens' }),
  keep: z
    .number()
    .int()
    .min(0)
    .default(3)
    .describe('Most recent tool uses left untouched.')
    .meta({ title: 'Tool uses kept', upstream: 'keep: tool_uses' }),
  clearAtLeast: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe('Clear nothing unless at least this many tokens can be freed (0: off).')
    .meta({ title: 'Clear at least (tokens)', upstream: 'clear_at_least' }),
  excludeTools: z
    .array(z.string())
    .default([])
    .describe('Tool names whose results are never cleared.')
    .meta({ title: 'Tools never cleared', upstream: 'exclude_tools' }),
  clearToolInputs: z
    .boolean()
    .default(false)
    .describe("Also replace the cleared calls' inputs with {}.")
    .meta({ title: "Clear the calls' inputs too", upstream: 'clear_tool_inputs' }),
  placeholder: placeholderTemplate()
    .default(CLEARED_PLACEHOLDER)
    .describe(
      'Text that replaces a cleared tool result; {lines}, {chars} and {tokens} are its size.',
    )
    .meta({ title: 'Placeholder text' }),
});
type Params = z.infer<typeof params>;

export const clearToolUses: Strategy<Params> = {
  id: 'clear-tool-uses',
  label: 'Clear old tool results (Anthropic)',
  description:
    'Past a token trigger, replaces old tool results with a placeholder, keeping the last few tool uses.',
  source: 'Anthropic context editing, clear_tool_uses_20250919',
  paramsSchema: params,
  acts: (p) =>
    p.triggerTokens > 0
      ? `clears only once the prompt passes ${p.triggerTokens.toLocaleString('en-US')} input tokens`
      : 'clears whenever more than the kept tool uses are there',
  apply: (history, p, ctx) => clearedApply(history.steps, p, ctx.tokens),
  replayTokens(history, calls, p, ctx) {
    const steps = history.steps;
    const excluded = new Set(p.excludeTools);
    const ph = compilePlaceholder(p.placeholder);
    const stepSums = [0];
    const useCount = [0];
    steps.forEach((s, i) => {
      stepSums.push((stepSums[i] as number) + ctx.tokens.step(s));
      useCount.push(
        (useCount[i] as number) +
          (s.kind === 'action' ? s.toolCalls.filter((c) => c.result !== undefined).length : 0),
      );
    });
    // The step with its first `m` tool uses cleared, as `apply` builds it.
    const memo = new Map<string, number>();
    const delta = (i: number, m: number): number => {
      const key = `${i}:${m}`;
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      const s = steps[i] as Step;
      let d = 0;
      if (s.kind === 'action') {
        let seen = 0;
        let changed = false;
        const toolCalls = s.toolCalls.map((c): ToolCall => {
          if (c.result === undefined) return c;
          seen++;
          if (seen > m || excluded.has(c.name) || ph.isRendering(c.result)) return c;
          changed = true;
          return clearCall(c, ph.render(c.result, ctx.tokens.counter), p);
        });
        if (changed) d = ctx.tokens.step(s) - ctx.tokens.step({ ...s, toolCalls });
      }
      memo.set(key, d);
      return d;
    };
    const fullDelta = [0];
    steps.forEach((_, i) =>
      fullDelta.push((fullDelta[i] as number) + delta(i, Number.MAX_SAFE_INTEGER)),
    );
    return calls.map((k) => {
      const used = REPLY_PRIMING_TOKENS + (stepSums[k] as number);
      if (used <= p.triggerTokens) return used;
      const candidates = Math.max(0, (useCount[k] as number) - p.keep);
      if (candidates === 0) return used;
      // The step holding the last candidate use: steps before it clear every use they have.
      const lo = firstTrue(0, k - 1, (i) => (useCount[i + 1] as number) >= candidates);
      const freed = (fullDelta[lo] as number) + delta(lo, candidates - (useCount[lo] as number));
      if (p.clearAtLeast > 0 && freed < p.clearAtLeast) return used;
      return used - freed;
    });
  },
  replayShared: (history, calls, p, ctx) =>
    clearedReplay(history, p, ctx, (call, text) => clearCall(call, text, p)).shared(calls),
  replayContexts: (history, p, ctx) =>
    clearedReplay(history, p, ctx, (call, text) => clearCall(call, text, p)).contextAt,
  replayViews: (history, p, ctx) =>
    clearedReplay(history, p, ctx, (call, text) => clearCall(call, text, p)).views(),
};

/**
 * What the default apply builds on a loaded list (load-index.ts `prepareIndexes`), built there
 * once instead of at the first apply: the list's tokens and, past the trigger, every step cleared.
 */
export function prepareClearing(steps: readonly Step[], tokens: StepTokens): void {
  clearedApply(steps, params.parse({}), tokens);
}

/**
 * The apply: past the trigger, the list's cleared variants up to the step holding the last use to
 * clear, that step with its first uses cleared, the steps after it as they are. The last result is
 * kept with the list's variants: a load builds the default's (`prepareClearing`), which the first
 * apply then returns, as does an apply asked again with the same cut. One only: each holds two
 * arrays of the list's length.
 */
function clearedApply(steps: readonly Step[], p: Params, tokens: StepTokens): StrategyResult {
  const used = listContext(steps, tokens);
  if (used <= p.triggerTokens)
    return keepAll(steps, [`trigger not reached: ${used} ≤ ${p.triggerTokens} tokens`]);
  const list = clearedList(steps, p, tokens);
  const n = steps.length;
  const uses = list.useSums[n] as number;
  const candidates = p.keep >= uses ? 0 : uses - p.keep;
  // The step holding the last candidate use: the steps before it clear every use they can, it
  // clears its first `m`, the steps after it none.
  const b =
    candidates === 0 ? 0 : firstTrue(0, n, (i) => (list.useSums[i + 1] as number) >= candidates);
  const m = candidates === 0 ? 0 : candidates - (list.useSums[b] as number);
  const key = `${b}:${m}:${p.clearAtLeast}`;
  if (list.last?.key === key) return list.last.result;
  const partial = candidates === 0 ? undefined : clearedStep(steps[b] as Step, m, p, tokens);
  const own = partial ? tokens.step(steps[b] as Step) : 0;
  const freed = (list.freedSums[b] as number) + (partial ? own - tokens.step(partial.step) : 0);
  const count = (list.countSums[b] as number) + (partial?.count ?? 0);
  let result: StrategyResult;
  if (p.clearAtLeast > 0 && freed < p.clearAtLeast) {
    result = keepAll(steps, [
      `clearing would free ${freed} tokens, less than clear_at_least ${p.clearAtLeast}: not applied`,
    ]);
  } else {
    // Each step maps to itself or its variant, in order: the fates `buildResult` derives are the
    // per-step ones, kept with the list's variants. Copied whole and the tail put back: a copy
    // of the prefix grown by pushes made each array twice.
    const output = list.variants.slice();
    const fates = list.fates.slice();
    for (let i = b; i < n; i++) {
      const s = steps[i] as Step;
      const out = i === b && partial ? partial.step : s;
      output[i] = out;
      fates[i] = out === s ? KEPT_FATE : changedFate(s, out);
    }
    result = {
      steps: Object.freeze(output),
      fates: Object.freeze(fates),
      inserted: [],
      notes: [`cleared ${count} tool results, freeing ${freed} tokens`],
    };
  }
  list.last = { key, result };
  return result;
}

/** What clearing does to one step list under one set of parameters, made once per list. */
interface ClearedList {
  /** Each step with every use it can clear cleared (the step itself when none). */
  readonly variants: Step[];
  readonly fates: StepFate[];
  /** `useSums[i]`: tool uses (calls with a result) in steps [0, i). */
  readonly useSums: number[];
  /** `freedSums[i]`, `countSums[i]`: tokens freed and results cleared by the variants of [0, i). */
  readonly freedSums: number[];
  readonly countSums: number[];
  /** The last apply made on the list, and its cut (`clearedApply`). */
  last?: { readonly key: string; readonly result: StrategyResult };
}

function clearedList(steps: readonly Step[], p: Params, tokens: StepTokens): ClearedList {
  return listMemo(steps, tokens, `clear-tool-uses:${variantKey(p)}`, () => {
    const list: ClearedList = {
      variants: [],
      fates: [],
      useSums: [0],
      freedSums: [0],
      countSums: [0],
    };
    const clearer = clearerOf(p, tokens);
    for (const s of steps) {
      const { step, count } = clearedBy(clearer, s, Number.MAX_SAFE_INTEGER);
      list.variants.push(step);
      list.fates.push(step === s ? KEPT_FATE : changedFate(s, step));
      const last = list.useSums.length - 1;
      list.useSums.push((list.useSums[last] as number) + usesOf(s));
      list.freedSums.push(
        (list.freedSums[last] as number) + (step === s ? 0 : tokens.step(s) - tokens.step(step)),
      );
      list.countSums.push((list.countSums[last] as number) + count);
    }
    return list;
  });
}

const usesOf = (s: Step) => {
  if (s.kind !== 'action') return 0;
  let n = 0;
  for (const c of s.toolCalls) if (c.result !== undefined) n++;
  return n;
};

/** The parameters a cleared step depends on (not the trigger, `keep` or `clear_at_least`). */
const variantKey = (p: Params) =>
  JSON.stringify([p.placeholder, p.clearToolInputs, p.excludeTools]);

/**
 * What clearing reads of the parameters and the counter, made once per parameters (not per step:
 * a first apply on 100,000 steps spent a tenth of its time building each step's cache key, set of
 * excluded tools and compiled template), with the steps cleared under them. Steps are immutable: a
 * step with its first m uses cleared is the same object every time it is asked for, so its text and
 * tokens are made once (an in-place run clears the same steps again). A step with every use it can
 * clear cleared (m at least its uses) is one object whatever m, kept without a map per step.
 */
interface Clearer {
  readonly p: Params;
  readonly ph: CompiledPlaceholder;
  readonly excluded: ReadonlySet<string>;
  readonly counter: TextCounter;
  readonly whole: WeakMap<Step, Cleared>;
  readonly partial: WeakMap<Step, Map<number, Cleared>>;
}

interface Cleared {
  readonly step: Step;
  readonly count: number;
}

// Per counter (a placeholder's `{tokens}` renders with it), weakly: a counter holds its strings.
const clearers = new WeakMap<TextCounter, Map<string, Clearer>>();

function clearerOf(p: Params, tokens: StepTokens): Clearer {
  const counter = tokens.counter;
  let byKey = clearers.get(counter);
  if (!byKey) clearers.set(counter, (byKey = new Map()));
  const key = variantKey(p);
  const hit = byKey.get(key);
  if (hit) return hit;
  const made: Clearer = {
    p,
    ph: compilePlaceholder(p.placeholder),
    excluded: new Set(p.excludeTools),
    counter,
    whole: new WeakMap(),
    partial: new WeakMap(),
  };
  // A handful of parameter sets per session; the bound only guards against a sweep.
  if (byKey.size > 256) byKey.clear();
  byKey.set(key, made);
  return made;
}

/**
 * The step with its first `m` tool uses cleared, as the cleared-ids map of the previous apply built
 * it: the uses not excluded nor already a placeholder have their ids cleared (every call with such
 * an id). `count`: uses cleared.
 */
function clearedStep(s: Step, m: number, p: Params, tokens: StepTokens): Cleared {
  if (s.kind !== 'action' || m <= 0) return { step: s, count: 0 };
  return clearedBy(clearerOf(p, tokens), s, m);
}

function clearedBy(c: Clearer, s: Step, m: number): Cleared {
  if (s.kind !== 'action' || m <= 0) return { step: s, count: 0 };
  if (m >= usesOf(s)) {
    let out = c.whole.get(s);
    if (!out) c.whole.set(s, (out = clearOnce(c, s, m)));
    return out;
  }
  let byCount = c.partial.get(s);
  if (!byCount) c.partial.set(s, (byCount = new Map()));
  let out = byCount.get(m);
  if (!out) byCount.set(m, (out = clearOnce(c, s, m)));
  return out;
}

function clearOnce(c: Clearer, s: ActionStep, m: number): Cleared {
  const { excluded, ph, counter, p } = c;
  const calls = s.toolCalls;
  // One call (most steps): it is cleared exactly when it is a use among the first m that is
  // neither excluded nor already a placeholder, with no set of ids to build.
  if (calls.length === 1) {
    const call = calls[0] as ToolCall;
    if (call.result === undefined || excluded.has(call.name) || ph.isRendering(call.result))
      return { step: s, count: 0 };
    return {
      step: { ...s, toolCalls: [clearCall(call, ph.render(call.result, counter), p)] },
      count: 1,
    };
  }
  const ids = new Set<string>();
  let seen = 0;
  let count = 0;
  for (const call of calls) {
    if (call.result === undefined) continue;
    if (++seen > m) break;
    if (excluded.has(call.name) || ph.isRendering(call.result)) continue;
    ids.add(call.id);
    count++;
  }
  if (ids.size === 0) return { step: s, count };
  return {
    step: {
      ...s,
      toolCalls: calls.map((call): ToolCall =>
        ids.has(call.id) ? clearCall(call, ph.render(call.result as string, counter), p) : call,
      ),
    },
    count,
  };
}

/** A cleared call: its result replaced (and its input too with `clear_tool_inputs`). */
function clearCall(call: ToolCall, placeholder: string, p: Params): ToolCall {
  return p.clearToolInputs
    ? { ...call, result: placeholder, arguments: {} }
    : { ...call, result: placeholder };
}
