/**
 * What a run costs with prompt caching: providers bill the prefix a request shares with an earlier
 * one at a fraction of fresh input (Anthropic reads 0.1x, writes 1.25x; OpenAI cached input 0.1-0.5x,
 * no write charge), so a strategy that rewrites the start of the context at every call can cost more
 * than sending everything. Per call: the prefix shared with the previous call's context is cached
 * when it is at least the provider's minimum (in the provider's increments) and the previous call
 * was recent enough (the cache's lifetime, when the file has timestamps); the rest is fresh input,
 * written to the cache where the provider charges for writes (automatic caching moves the
 * breakpoint to the end of every request).
 */
import { z } from 'zod';
import { findModel, type ModelInfo } from '../tokens/models';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { SimCall } from './simulate';

/** A model's prices as the user may edit them: USD per million tokens. */
export const priceSheetSchema = z
  .object({
    label: z.string(),
    inputUsdPerMTok: z.number().min(0),
    /** Cached input; equal to `inputUsdPerMTok` where the provider has no prompt caching. */
    cachedInputUsdPerMTok: z.number().min(0),
    /** New input when it is written to the cache; equal to `inputUsdPerMTok` where writes cost nothing extra. */
    cacheWriteUsdPerMTok: z.number().min(0),
    minCacheableTokens: z.number().int().min(0),
    granularity: z.number().int().min(1),
    /** Seconds an unused cached prefix lives; null: no limit applied. */
    ttlSeconds: z.number().min(0).nullable(),
    source: z.string(),
  })
  .strict();
export type PriceSheet = z.infer<typeof priceSheetSchema>;

const SOURCES: Readonly<Record<string, string>> = {
  anthropic: 'Anthropic pricing and "Prompt caching" docs (reads 0.1x, 5-minute writes 1.25x)',
  openai:
    'OpenAI pricing and "Prompt caching" guide (cached input price, 1,024-token minimum, 128-token steps)',
  google: 'Gemini API pricing, implicit caching (0.25x)',
  deepseek: 'DeepSeek pricing (cache hit vs miss)',
  xai: 'xAI pricing (cached input)',
};

/** The list prices of a model (from `MODELS`), or undefined when it has none. */
export function priceSheetFor(model: ModelInfo | string | undefined): PriceSheet | undefined {
  const info = typeof model === 'string' || model === undefined ? findModel(model) : model;
  if (!info || info.inputUsdPerMTok === undefined) return undefined;
  const input = info.inputUsdPerMTok;
  const cache = info.cache;
  return {
    label: info.label,
    inputUsdPerMTok: input,
    cachedInputUsdPerMTok: cache?.cachedInputUsdPerMTok ?? input,
    cacheWriteUsdPerMTok: cache?.cacheWriteUsdPerMTok ?? input,
    minCacheableTokens: cache?.minCacheableTokens ?? 0,
    granularity: cache?.granularity ?? 1,
    ttlSeconds: cache?.ttlSeconds ?? null,
    source: cache ? (SOURCES[cache.provider] ?? '') : 'list input price; no prompt caching',
  };
}

export interface CallCost {
  /** Tokens billed at the cached price. */
  readonly cached: number;
  /** Tokens billed as new input (written to the cache where the provider charges for writes). */
  readonly fresh: number;
  readonly costUsd: number;
  readonly uncachedCostUsd: number;
}

export interface RunCost {
  readonly calls: readonly CallCost[];
  readonly inputTokens: number;
  readonly cachedTokens: number;
  readonly freshTokens: number;
  /** With prompt caching. */
  readonly costUsd: number;
  /** Every input token at the plain input price. */
  readonly uncachedCostUsd: number;
}

/** Tokens of a shared prefix the provider serves from its cache. */
export function cachedTokensOf(shared: number, sheet: PriceSheet): number {
  if (shared <= 0 || shared < sheet.minCacheableTokens) return 0;
  if (sheet.granularity <= 1) return shared;
  return (
    sheet.minCacheableTokens +
    Math.floor((shared - sheet.minCacheableTokens) / sheet.granularity) * sheet.granularity
  );
}

const perM = (tokens: number, usd: number) => (tokens / 1_000_000) * usd;

/** One call's bill: `shared` is the prefix it shares with the previous call, `gapSeconds` the time since it. */
export function callCost(
  contextTokens: number,
  shared: number,
  sheet: PriceSheet,
  gapSeconds?: number,
): CallCost {
  const expired =
    sheet.ttlSeconds !== null && gapSeconds !== undefined && gapSeconds > sheet.ttlSeconds;
  const cached = expired ? 0 : Math.min(contextTokens, cachedTokensOf(shared, sheet));
  const fresh = contextTokens - cached;
  // A request below the minimum is not written to the cache: its new input costs the plain price.
  const freshPrice =
    contextTokens - REPLY_PRIMING_TOKENS >= sheet.minCacheableTokens
      ? sheet.cacheWriteUsdPerMTok
      : sheet.inputUsdPerMTok;
  return {
    cached,
    fresh,
    costUsd: perM(cached, sheet.cachedInputUsdPerMTok) + perM(fresh, freshPrice),
    uncachedCostUsd: perM(contextTokens, sheet.inputUsdPerMTok),
  };
}

/** The bill for every call of a simulated run. */
export function runCost(calls: readonly SimCall[], sheet: PriceSheet): RunCost {
  let inputTokens = 0;
  let cachedTokens = 0;
  let costUsd = 0;
  let uncachedCostUsd = 0;
  const out = calls.map((c, i) => {
    const before = calls[i - 1];
    const gap =
      before?.timestamp !== undefined && c.timestamp !== undefined
        ? c.timestamp - before.timestamp
        : undefined;
    const cost = callCost(c.contextTokens, c.sharedPrefixTokens, sheet, gap);
    inputTokens += c.contextTokens;
    cachedTokens += cost.cached;
    costUsd += cost.costUsd;
    uncachedCostUsd += cost.uncachedCostUsd;
    return cost;
  });
  return {
    calls: out,
    inputTokens,
    cachedTokens,
    freshTokens: inputTokens - cachedTokens,
    costUsd,
    uncachedCostUsd,
  };
}
