/**
 * Pieces of the OpenHands V1 importer (openhands-v1.ts): the text of SDK content blocks, and the
 * usage of each model response from a conversation's `base_state.json`.
 */
import type { Usage } from '../model/types';
import { litellmPrompt, withInputCounts } from './usage-conventions';
import { isRecord, num, str, usage } from './util';

export const textOf = (content: unknown): string =>
  Array.isArray(content)
    ? content
        .map((c) =>
          isRecord(c) && typeof c.text === 'string'
            ? c.text
            : isRecord(c)
              ? `[${str(c.type)}]`
              : str(c),
        )
        .join('\n')
    : typeof content === 'string'
      ? content
      : isRecord(content) && typeof content.text === 'string'
        ? content.text
        : '';

/**
 * Usage per model response id, from `base_state.json` (`stats.usage_to_metrics.<llm>.token_usages`;
 * before software-agent-sdk 301161fc6 (October 2025) the same map was `service_to_metrics`).
 */
export function usageByResponse(state: unknown): {
  byId: Map<string, Usage>;
  cost?: number;
  model?: string;
} {
  const byId = new Map<string, Usage>();
  let cost: number | undefined;
  let model: string | undefined;
  const stats = isRecord(state) && isRecord(state.stats) ? state.stats : {};
  const metrics = isRecord(stats.usage_to_metrics)
    ? stats.usage_to_metrics
    : isRecord(stats.service_to_metrics)
      ? stats.service_to_metrics
      : {};
  for (const m of Object.values(metrics)) {
    if (!isRecord(m)) continue;
    if (typeof m.accumulated_cost === 'number') cost = (cost ?? 0) + m.accumulated_cost;
    for (const t of Array.isArray(m.token_usages) ? m.token_usages : []) {
      if (!isRecord(t) || typeof t.response_id !== 'string') continue;
      if (typeof t.model === 'string') model ??= t.model;
      // openhands-sdk `llm/utils/metrics.py` TokenUsage: LiteLLM's prompt_tokens and the cache
      // reads and writes beside it (`litellmPrompt` says what the prompt count holds).
      const [input, counts] = litellmPrompt(
        num(t.prompt_tokens),
        num(t.cache_read_tokens),
        num(t.cache_write_tokens),
      );
      const u = withInputCounts(
        usage({
          inputTokens: input,
          outputTokens: t.completion_tokens,
          cacheReadInputTokens: t.cache_read_tokens,
          cacheCreationInputTokens: t.cache_write_tokens,
        }),
        counts,
      );
      if (u) byId.set(t.response_id, u);
    }
  }
  return { byId, ...(cost === undefined ? {} : { cost }), ...(model ? { model } : {}) };
}
