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
import { compilePlaceholder, placeholderTemplate } from './placeholder';
import { clearedReplay } from './clear-tool-uses-shared';
import { firstTrue } from './replay-kit';
import { buildResult, keepAll } from './result';
import type { Strategy } from './types';

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
    const used = ctx.tokens.context(steps);
    if (used <= p.triggerTokens)
      return keepAll(steps, [`trigger not reached: ${used} ≤ ${p.triggerTokens} tokens`]);
    const uses: { stepIndex: number; call: ToolCall }[] = [];
    steps.forEach((s, stepIndex) => {
      if (s.kind === 'action')
        for (const call of s.toolCalls)
          if (call.result !== undefined) uses.push({ stepIndex, call });
    });
    const candidates = p.keep >= uses.length ? [] : uses.slice(0, uses.length - p.keep);
    const excluded = new Set(p.excludeTools);
    const ph = compilePlaceholder(p.placeholder);
    const cleared = new Map<number, Set<string>>();
    let count = 0;
    for (const { stepIndex, call } of candidates) {
      if (excluded.has(call.name) || ph.isRendering(call.result as string)) continue;
      const ids = cleared.get(stepIndex) ?? new Set<string>();
      ids.add(call.id);
      cleared.set(stepIndex, ids);
      count++;
    }
    const output = steps.map((s, i): Step => {
      const ids = cleared.get(i);
      if (!ids || s.kind !== 'action') return s;
      const toolCalls = s.toolCalls.map((c): ToolCall =>
        ids.has(c.id) ? clearCall(c, ph.render(c.result as string, ctx.tokens.counter), p) : c,
      );
      return { ...s, toolCalls };
    });
    const freed = used - ctx.tokens.context(output);
    if (p.clearAtLeast > 0 && freed < p.clearAtLeast) {
      return keepAll(steps, [
        `clearing would free ${freed} tokens, less than clear_at_least ${p.clearAtLeast}: not applied`,
      ]);
    }
    return buildResult(steps, output, [`cleared ${count} tool results, freeing ${freed} tokens`]);
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

/** A cleared call: its result replaced (and its input too with `clear_tool_inputs`). */
function clearCall(call: ToolCall, placeholder: string, p: Params): ToolCall {
  return p.clearToolInputs
    ? { ...call, result: placeholder, arguments: {} }
    : { ...call, result: placeholder };
}
