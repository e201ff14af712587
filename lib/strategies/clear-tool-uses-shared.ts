/**
 * clear_tool_uses' shared cached prefixes before every call (clear-tool-uses.ts), through
 * first-cleared-shared.ts: before call k it clears the first e(k) tool uses, the candidates past
 * the trigger (none when the trigger is not reached or `clear_at_least` refuses), each step's
 * cleared uses built as `apply` builds them (by call id, excluded tools and results already reading
 * as the placeholder left).
 */
import type { Step, ToolCall } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { firstCleared, type FirstCleared, type FirstClearedReplay } from './first-cleared-shared';
import { compilePlaceholder } from './placeholder';
import type { HistoryLike, StrategyContext } from './types';

/** The parameters the rule reads (clear-tool-uses.ts `Params`). */
interface ClearParams {
  readonly triggerTokens: number;
  readonly keep: number;
  readonly clearAtLeast: number;
  readonly excludeTools: readonly string[];
  readonly placeholder: string;
}

export function clearedReplay(
  history: HistoryLike,
  p: ClearParams,
  ctx: StrategyContext,
  clearCall: (call: ToolCall, placeholder: string) => ToolCall,
): FirstClearedReplay {
  const steps = history.steps;
  return firstCleared(steps, ctx, `clear-tool-uses ${JSON.stringify(p)}`, () => ({
    steps,
    rule: clearRule(steps, p, ctx, clearCall),
  }));
}

function clearRule(
  steps: readonly Step[],
  p: ClearParams,
  ctx: StrategyContext,
  clearCall: (call: ToolCall, placeholder: string) => ToolCall,
): FirstCleared {
  const excluded = new Set(p.excludeTools);
  const ph = compilePlaceholder(p.placeholder);
  return {
    units: (s) =>
      s.kind === 'action' ? s.toolCalls.filter((c) => c.result !== undefined).length : 0,
    variant(i, m) {
      const s = steps[i] as Step;
      if (s.kind !== 'action') return s;
      const ids = new Set<string>();
      let seen = 0;
      for (const c of s.toolCalls) {
        if (c.result === undefined) continue;
        if (++seen > m) break;
        if (!excluded.has(c.name) && !ph.isRendering(c.result)) ids.add(c.id);
      }
      if (ids.size === 0) return s;
      const toolCalls = s.toolCalls.map((c) =>
        ids.has(c.id) ? clearCall(c, ph.render(c.result as string, ctx.tokens.counter)) : c,
      );
      return { ...s, toolCalls };
    },
    clearedAt(k, kit) {
      if (REPLY_PRIMING_TOKENS + (kit.stepSums[k] as number) <= p.triggerTokens) return 0;
      const candidates = Math.max(0, (kit.unitCount[k] as number) - p.keep);
      if (candidates === 0) return 0;
      if (p.clearAtLeast > 0 && kit.freedBefore(k, candidates) < p.clearAtLeast) return 0;
      return candidates;
    },
  };
}
