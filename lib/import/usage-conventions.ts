/**
 * Reported usage as each provider's convention writes it, lowered to `Usage` with `inputCounts` said
 * explicitly (lib/model/types.ts). Two shapes recur across formats:
 *
 * - Anthropic Messages `usage` (docs.anthropic.com "Prompt caching: tracking cache performance"):
 *   `input_tokens` is the input after the last cache breakpoint, apart from
 *   `cache_read_input_tokens` and `cache_creation_input_tokens` (of which `cache_creation.
 *   ephemeral_1h_input_tokens` are 1-hour writes): `uncached`.
 * - OpenAI Chat Completions `usage` as LiteLLM returns it for every provider (litellm
 *   `types/utils.py` `Usage`): `prompt_tokens` counts the whole prompt, `prompt_tokens_details.
 *   cached_tokens` the part read from the cache: `total`. For Anthropic models LiteLLM also passes
 *   `cache_read_input_tokens` / `cache_creation_input_tokens` through, and what its `prompt_tokens`
 *   holds changed between versions: input + reads + writes (OpenHands' trajs_basic.json: 3486 =
 *   4 + 0 + 3482), input + reads only (OpenHands' 2025-07 session: 6559 = 6 + 6553, writes 210
 *   apart). A total is never below its parts, so the numbers say which: see `litellmUsage`.
 */
import type { Usage } from '../model/types';
import { isRecord, num, usage } from './util';

/** Anthropic's `usage` object (Claude Code lines, Messages API responses): input is uncached. */
export function anthropicUsage(u: Record<string, unknown>, costUsd?: unknown): Usage | undefined {
  const creation = isRecord(u.cache_creation) ? u.cache_creation : {};
  return withInputCounts(
    usage({
      inputTokens: u.input_tokens,
      outputTokens: u.output_tokens,
      cacheReadInputTokens: u.cache_read_input_tokens,
      cacheCreationInputTokens: u.cache_creation_input_tokens,
      cacheCreation1hInputTokens: creation.ephemeral_1h_input_tokens,
      costUsd,
    }),
    'uncached',
  );
}

/**
 * An OpenAI-compatible (LiteLLM) `usage` object. `prompt_tokens` is kept as written with `total`
 * when it can be a total (at least its cached parts); when it is at least the cache reads but below
 * reads + writes, this LiteLLM counted reads and not writes, and the input apart from the reads is
 * the uncached part (`prompt_tokens - reads`, `uncached`); below the reads, it is Anthropic's own
 * `input_tokens` passed through (`uncached`). The cost is OpenRouter's `usage.cost` when reported,
 * else `fallbackCost` (the caller's own record of it).
 */
export function litellmUsage(
  u: Record<string, unknown>,
  fallbackCost?: unknown,
): Usage | undefined {
  const details = isRecord(u.prompt_tokens_details) ? u.prompt_tokens_details : {};
  const creation = isRecord(u.cache_creation) ? u.cache_creation : {};
  const prompt = num(u.prompt_tokens);
  const read = num(u.cache_read_input_tokens) ?? num(details.cached_tokens);
  const write = num(u.cache_creation_input_tokens) ?? num(details.cache_creation_tokens);
  const [input, counts] = litellmPrompt(prompt, read, write);
  return withInputCounts(
    usage({
      inputTokens: input,
      outputTokens: u.completion_tokens,
      totalTokens: u.total_tokens,
      cacheReadInputTokens: read,
      cacheCreationInputTokens: write,
      cacheCreation1hInputTokens: creation.ephemeral_1h_input_tokens,
      costUsd: u.cost ?? fallbackCost,
    }),
    counts,
  );
}

/**
 * LiteLLM's `prompt_tokens` beside the cache reads and writes it reports: the input to keep and what
 * it counts (see `litellmUsage`). OpenHands V1 keeps the same three numbers as `prompt_tokens`,
 * `cache_read_tokens`, `cache_write_tokens`.
 */
export function litellmPrompt(
  prompt: number | undefined,
  read: number | undefined,
  write: number | undefined,
): [number | undefined, 'total' | 'uncached'] {
  if (prompt === undefined || prompt >= (read ?? 0) + (write ?? 0)) return [prompt, 'total'];
  return prompt >= (read ?? 0) ? [prompt - (read ?? 0), 'uncached'] : [prompt, 'uncached'];
}

/**
 * A count whose source declares it the whole prompt (OpenTelemetry GenAI, Gemini, Codex), unless
 * the record says otherwise: a total is never below its cached parts, so an input smaller than
 * reads + writes is the uncached part (the Claude Agent SDK's spans pass Anthropic's through).
 */
export function declaredTotal(u: Usage | undefined): Usage | undefined {
  if (u?.inputTokens === undefined) return u;
  const cached = (u.cacheReadInputTokens ?? 0) + (u.cacheCreationInputTokens ?? 0);
  return { ...u, inputCounts: u.inputTokens < cached ? 'uncached' : 'total' };
}

/** `inputCounts` set on a usage that reports input tokens (nothing to say without them). */
export function withInputCounts(u: Usage, counts: 'uncached' | 'total'): Usage;
export function withInputCounts(
  u: Usage | undefined,
  counts: 'uncached' | 'total',
): Usage | undefined;
export function withInputCounts(
  u: Usage | undefined,
  counts: 'uncached' | 'total',
): Usage | undefined {
  return u?.inputTokens === undefined ? u : { ...u, inputCounts: counts };
}
