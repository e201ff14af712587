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
import type { Step, ToolCall } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';
import { compilePlaceholder, placeholderTemplate } from './placeholder';
import { clearedReplay } from './clear-tool-uses-shared';
import { firstTrue } from './replay-kit';
import { listContext, listMemo } from './replay-kit';
import { changedFate, KEPT_FATE, keepAll } from './result';
import type { StepFate, Strategy } from './types';

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
  apply(history, p, ctx) {
    const steps = history.steps;
    const used = listContext(steps, ctx.tokens);
    if (used <= p.triggerTokens)
      return keepAll(steps, [`trigger not reached: ${used} ≤ ${p.triggerTokens} tokens`]);
    const list = clearedList(steps, p, ctx.tokens);
    const n = steps.length;
    const uses = list.useSums[n] as number;
    const candidates = p.keep >= uses ? 0 : uses - p.keep;
    // The step holding the last candidate use: the steps before it clear every use they can, it
    // clears its first `m`, the steps after it none.
    const b =
      candidates === 0 ? 0 : firstTrue(0, n, (i) => (list.useSums[i + 1] as number) >= candidates);
    const partial =
      candidates === 0
        ? undefined
        : clearedStep(steps[b] as Step, candidates - (list.useSums[b] as number), p, ctx.tokens);
    const own = partial ? ctx.tokens.step(steps[b] as Step) : 0;
    const freed =
      (list.freedSums[b] as number) + (partial ? own - ctx.tokens.step(partial.step) : 0);
    const count = (list.countSums[b] as number) + (partial?.count ?? 0);
    if (p.clearAtLeast > 0 && freed < p.clearAtLeast) {
      return keepAll(steps, [
        `clearing would free ${freed} tokens, less than clear_at_least ${p.clearAtLeast}: not applied`,
      ]);
    }
    // Each step maps to itself or its variant, in order: the fates `buildResult` derives are the
    // per-step ones, kept with the list's variants.
    const output = list.variants.slice(0, b);
    const fates = list.fates.slice(0, b);
    for (let i = b; i < n; i++) {
      const s = steps[i] as Step;
      const out = i === b && partial ? partial.step : s;
      output.push(out);
      fates.push(out === s ? KEPT_FATE : changedFate(s, out));
    }
    return {
      steps: output,
      fates,
      inserted: [],
      notes: [`cleared ${count} tool results, freeing ${freed} tokens`],
    };
  },
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
};

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
    for (const s of steps) {
      const { step, count } = clearedStep(s, Number.MAX_SAFE_INTEGER, p, tokens);
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

// Steps are immutable: a step with its first m uses cleared is the same object every time it is
// asked for, so its text and tokens are made once (an in-place run clears the same steps again).
const clearedSteps = new WeakMap<Step, Map<string, { step: Step; count: number }>>();

/**
 * The step with its first `m` tool uses cleared, as the cleared-ids map of the previous apply built
 * it: the uses not excluded nor already a placeholder have their ids cleared (every call with such
 * an id). `count`: uses cleared.
 */
function clearedStep(
  s: Step,
  m: number,
  p: Params,
  tokens: StepTokens,
): { step: Step; count: number } {
  if (s.kind !== 'action' || m <= 0) return { step: s, count: 0 };
  const ph = compilePlaceholder(p.placeholder);
  const key = `${m}\u0000${ph.usesTokens ? tokens.counter.id : ''}\u0000${variantKey(p)}`;
  let byKey = clearedSteps.get(s);
  if (!byKey) clearedSteps.set(s, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) return hit;
  const excluded = new Set(p.excludeTools);
  const ids = new Set<string>();
  let seen = 0;
  let count = 0;
  for (const call of s.toolCalls) {
    if (call.result === undefined) continue;
    if (++seen > m) break;
    if (excluded.has(call.name) || ph.isRendering(call.result)) continue;
    ids.add(call.id);
    count++;
  }
  const out = {
    step:
      ids.size === 0
        ? s
        : {
            ...s,
            toolCalls: s.toolCalls.map((c): ToolCall =>
              ids.has(c.id) ? clearCall(c, ph.render(c.result as string, tokens.counter), p) : c,
            ),
          },
    count,
  };
  byKey.set(key, out);
  return out;
}

/** A cleared call: its result replaced (and its input too with `clear_tool_inputs`). */
function clearCall(call: ToolCall, placeholder: string, p: Params): ToolCall {
  return p.clearToolInputs
    ? { ...call, result: placeholder, arguments: {} }
    : { ...call, result: placeholder };
}
