/**
 * Common models' context windows (input + output tokens, from the providers' model pages as of
 * 2026), which tokenizer counts them exactly, and when a count is only an estimate. Only OpenAI
 * models use the tokenizers we ship; every other model's count is labelled an estimate.
 */
import type { TokenizerId } from './tokenizer';

export interface ModelInfo {
  readonly id: string;
  readonly label: string;
  readonly contextWindow: number;
  /** The tokenizer that counts this model exactly, if we ship it. */
  readonly exactTokenizer?: TokenizerId;
  /** List price in USD per million input tokens (providers' pricing pages, 2025), for cost estimates. */
  readonly inputUsdPerMTok?: number;
  /** How the provider bills a cached prompt prefix (pricing.ts); absent: no prompt caching. */
  readonly cache?: ModelCache;
}

/** A model's prompt-cache terms (its provider's pricing and prompt-caching pages). */
export interface ModelCache {
  readonly provider: 'anthropic' | 'openai' | 'google' | 'deepseek' | 'xai';
  /** USD per million input tokens read from the cache. */
  readonly cachedInputUsdPerMTok: number;
  /** USD per million tokens written to the cache; absent: new input costs the plain input price. */
  readonly cacheWriteUsdPerMTok?: number;
  /** A prefix shorter than this is never cached. */
  readonly minCacheableTokens: number;
  /** Hits come in multiples of this many tokens past the minimum (OpenAI: 128). */
  readonly granularity: number;
  /** Seconds an unused cached prefix lives (Anthropic's default 5 minutes). */
  readonly ttlSeconds?: number;
}

// Anthropic "Prompt caching": reads 0.1x input, 5-minute writes 1.25x, breakpoint moved to the end
// of the request (automatic caching); minimum prefix 1,024 (Sonnet 4.x, Opus 4/4.1, 3.7), 2,048
// (Haiku 3.5), 4,096 (Opus 4.5, Haiku 4.5).
const anthropic = (input: number, minCacheableTokens: number): ModelCache => ({
  provider: 'anthropic',
  cachedInputUsdPerMTok: input / 10,
  cacheWriteUsdPerMTok: input * 1.25,
  minCacheableTokens,
  granularity: 1,
  ttlSeconds: 300,
});
// OpenAI "Prompt caching": automatic for prompts of 1,024 tokens or more, hits in 128-token
// increments, cached input at the model's listed cached price, no write charge; caches are cleared
// after 5-10 minutes of inactivity (we take 5).
const openai = (cached: number): ModelCache => ({
  provider: 'openai',
  cachedInputUsdPerMTok: cached,
  minCacheableTokens: 1024,
  granularity: 128,
  ttlSeconds: 300,
});
// Gemini 2.5 implicit caching: 0.25x input, minimum 1,024 (Flash) / 2,048 (Pro) tokens.
const google = (input: number, minCacheableTokens: number): ModelCache => ({
  provider: 'google',
  cachedInputUsdPerMTok: input / 4,
  minCacheableTokens,
  granularity: 1,
});

export const MODELS: readonly ModelInfo[] = [
  {
    id: 'gpt-5',
    label: 'GPT-5',
    contextWindow: 400_000,
    exactTokenizer: 'o200k_base',
    inputUsdPerMTok: 1.25,
    cache: openai(0.125),
  },
  {
    id: 'gpt-4.1',
    label: 'GPT-4.1',
    contextWindow: 1_047_576,
    exactTokenizer: 'o200k_base',
    inputUsdPerMTok: 2,
    cache: openai(0.5),
  },
  {
    id: 'gpt-4o',
    label: 'GPT-4o',
    contextWindow: 128_000,
    exactTokenizer: 'o200k_base',
    inputUsdPerMTok: 2.5,
    cache: openai(1.25),
  },
  {
    id: 'gpt-4o-mini',
    label: 'GPT-4o mini',
    contextWindow: 128_000,
    exactTokenizer: 'o200k_base',
    inputUsdPerMTok: 0.15,
    cache: openai(0.075),
  },
  {
    id: 'o3',
    label: 'o3',
    contextWindow: 200_000,
    exactTokenizer: 'o200k_base',
    inputUsdPerMTok: 2,
    cache: openai(0.5),
  },
  {
    id: 'o4-mini',
    label: 'o4-mini',
    contextWindow: 200_000,
    exactTokenizer: 'o200k_base',
    inputUsdPerMTok: 1.1,
    cache: openai(0.275),
  },
  {
    id: 'gpt-4-turbo',
    label: 'GPT-4 Turbo',
    contextWindow: 128_000,
    exactTokenizer: 'cl100k_base',
    inputUsdPerMTok: 10,
  },
  {
    id: 'gpt-4',
    label: 'GPT-4 (8k)',
    contextWindow: 8_192,
    exactTokenizer: 'cl100k_base',
    inputUsdPerMTok: 30,
  },
  {
    id: 'gpt-3.5-turbo',
    label: 'GPT-3.5 Turbo',
    contextWindow: 16_385,
    exactTokenizer: 'cl100k_base',
    inputUsdPerMTok: 0.5,
  },
  {
    id: 'claude-opus-4',
    label: 'Claude Opus 4 / 4.1',
    contextWindow: 200_000,
    inputUsdPerMTok: 15,
    cache: anthropic(15, 1024),
  },
  {
    id: 'claude-opus-4-5',
    label: 'Claude Opus 4.5',
    contextWindow: 200_000,
    inputUsdPerMTok: 5,
    cache: anthropic(5, 4096),
  },
  {
    id: 'claude-sonnet-4',
    label: 'Claude Sonnet 4.x',
    contextWindow: 200_000,
    inputUsdPerMTok: 3,
    cache: anthropic(3, 1024),
  },
  {
    id: 'claude-haiku-4',
    label: 'Claude Haiku 4.5',
    contextWindow: 200_000,
    inputUsdPerMTok: 1,
    cache: anthropic(1, 4096),
  },
  {
    id: 'claude-3-7-sonnet',
    label: 'Claude 3.7 Sonnet',
    contextWindow: 200_000,
    inputUsdPerMTok: 3,
    cache: anthropic(3, 1024),
  },
  {
    id: 'claude-3-5-sonnet',
    label: 'Claude 3.5 Sonnet',
    contextWindow: 200_000,
    inputUsdPerMTok: 3,
    cache: anthropic(3, 1024),
  },
  {
    id: 'gemini-2.5-pro',
    label: 'Gemini 2.5 Pro',
    contextWindow: 1_048_576,
    inputUsdPerMTok: 1.25,
    cache: google(1.25, 2048),
  },
  {
    id: 'gemini-2.5-flash',
    label: 'Gemini 2.5 Flash',
    contextWindow: 1_048_576,
    inputUsdPerMTok: 0.3,
    cache: google(0.3, 1024),
  },
  {
    id: 'grok-3',
    label: 'Grok 3',
    contextWindow: 131_072,
    inputUsdPerMTok: 3,
    cache: { provider: 'xai', cachedInputUsdPerMTok: 0.75, minCacheableTokens: 1, granularity: 1 },
  },
  { id: 'llama-3.1-70b', label: 'Llama 3.1 70B', contextWindow: 131_072 },
  {
    id: 'deepseek-chat',
    label: 'DeepSeek V3',
    contextWindow: 128_000,
    inputUsdPerMTok: 0.27,
    cache: {
      provider: 'deepseek',
      cachedInputUsdPerMTok: 0.07,
      minCacheableTokens: 64,
      granularity: 64,
    },
  },
  { id: 'qwen2.5-coder-32b', label: 'Qwen2.5 Coder 32B', contextWindow: 32_768 },
];

export const DEFAULT_MODEL = 'gpt-4o';

/**
 * The model entry for an id as histories write it ("openai/gpt-4o-2024-08-06",
 * "claude-sonnet-4-5-20250929", "us.anthropic.claude-3-7-sonnet..."): the longest table id it contains.
 */
export function findModel(modelId: string | undefined): ModelInfo | undefined {
  // A file's own value: a model field may hold anything.
  if (typeof modelId !== 'string' || modelId === '') return undefined;
  const id = modelId.toLowerCase();
  let best: ModelInfo | undefined;
  for (const m of MODELS) {
    if (id.includes(m.id) && (!best || m.id.length > best.id.length)) best = m;
  }
  return best;
}

export function contextWindowFor(modelId: string | undefined): number {
  return (findModel(modelId) ?? (findModel(DEFAULT_MODEL) as ModelInfo)).contextWindow;
}

/** True when counts for `modelId` with `tokenizer` are estimates, not the model's own tokenizer. */
export function isEstimate(modelId: string | undefined, tokenizer: TokenizerId): boolean {
  const model = findModel(modelId);
  return tokenizer === 'heuristic' || model?.exactTokenizer !== tokenizer;
}
