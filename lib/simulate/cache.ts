/**
 * What a run costs with prompt caching: providers bill the prefix a request shares with an earlier
 * one at a fraction of fresh input (Anthropic reads 0.1x, writes 1.25x; OpenAI cached input 0.1-0.5x,
 * no write charge), so a strategy that rewrites the start of the context at every call can cost more
 * than sending everything. Per call: the prefix shared with the previous call's context is cached
 * when it is at least the provider's minimum (in the provider's increments) and the previous call
 * was recent enough (the cache's lifetime, when the file has timestamps); the rest is fresh input,
 * written to the cache where the provider charges for writes (automatic caching moves the
 * breakpoint to the end of every request). These bills are for SIMULATED contexts; what a recorded
 * run cost is lib/pricing/paid.ts. Prices come from the price catalog (genai-prices), the cache
 * mechanics from the provider rules in lib/tokens/models.ts.
 */
import { z } from 'zod';
import {
  catalogPricesAt,
  firstTierStart,
  resolveModel,
  tokenPricesOf,
  type ModelPrice,
} from '../pricing/catalog';
import { overriddenPrice, overrideFor, type PriceOverrides } from '../pricing/overrides';
import {
  cacheMechanicsOf,
  cacheProviderOf,
  CACHE_RULES_SOURCE,
  findModel,
  type ModelInfo,
} from '../tokens/models';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { SimCall } from './simulate';

const usdPerMTok = z.number().min(0);

/** A model's prices as the user may edit them: USD per million tokens. */
export const priceSheetSchema = z
  .object({
    label: z.string(),
    inputUsdPerMTok: usdPerMTok,
    /** Cached input; equal to `inputUsdPerMTok` where the provider has no prompt caching. */
    cachedInputUsdPerMTok: usdPerMTok,
    /** New input when it is written to the cache (5-minute writes); equal to `inputUsdPerMTok` where writes cost nothing extra. */
    cacheWriteUsdPerMTok: usdPerMTok,
    /** Added in the catalog prices: 1-hour cache writes (Anthropic 2x input). Optional, so saved sheets parse. */
    cacheWrite1hUsdPerMTok: usdPerMTok.optional(),
    /** Added in the catalog prices: output tokens. Optional, so saved sheets parse. */
    outputUsdPerMTok: usdPerMTok.optional(),
    minCacheableTokens: z.number().int().min(0),
    granularity: z.number().int().min(1),
    /** Seconds an unused cached prefix lives; null: no limit applied. */
    ttlSeconds: z.number().min(0).nullable(),
    /**
     * Added in the catalog prices: the prices of a request above `aboveInputTokens` input tokens,
     * for the whole request (Anthropic's and Google's long-context tiers, 200k).
     */
    longContext: z
      .object({
        aboveInputTokens: z.number().int().min(0),
        inputUsdPerMTok: usdPerMTok,
        cachedInputUsdPerMTok: usdPerMTok,
        cacheWriteUsdPerMTok: usdPerMTok,
        cacheWrite1hUsdPerMTok: usdPerMTok.optional(),
        outputUsdPerMTok: usdPerMTok.optional(),
      })
      .strict()
      .optional(),
    source: z.string(),
  })
  .strict();
export type PriceSheet = z.infer<typeof priceSheetSchema>;

/** A sheet's token prices for a request of `inputTokens`, from a catalog price. */
function sheetPrices(price: ModelPrice, inputTokens: number) {
  const r = tokenPricesOf(price, inputTokens);
  const input = r.input as number;
  return {
    inputUsdPerMTok: input,
    cachedInputUsdPerMTok: r.cacheRead ?? input,
    cacheWriteUsdPerMTok: r.cacheWrite ?? input,
    ...(r.cacheWrite1h !== undefined ? { cacheWrite1hUsdPerMTok: r.cacheWrite1h } : {}),
    ...(r.output !== undefined ? { outputUsdPerMTok: r.output } : {}),
  };
}

/**
 * The list prices of a model from the price catalog (genai-prices: today's prices, base tier, the
 * long-context tier beside them), with the cache mechanics of its provider (lib/tokens/models.ts);
 * the user's overrides win. Undefined for a model the catalog does not know and the user did not
 * price: never another model's prices.
 */
export function priceSheetFor(
  model: ModelInfo | string | undefined,
  overrides?: PriceOverrides,
): PriceSheet | undefined {
  const name = typeof model === 'object' ? (model.catalogName ?? model.id) : model;
  if (name === undefined || name === '') return undefined;
  const entry = resolveModel(name);
  const override = overrideFor(name, overrides);
  const base = entry ? catalogPricesAt(name) : undefined;
  const given = override && overriddenPrice(base, override, entry?.source);
  const price = given?.price ?? base;
  if (!price || tokenPricesOf(price).input === undefined) return undefined;
  const info = typeof model === 'object' ? model : findModel(name);
  const provider = cacheProviderOf(entry?.providerId, entry?.modelId ?? name);
  const mechanics = provider ? cacheMechanicsOf(provider, entry?.modelId ?? name) : undefined;
  const tier = firstTierStart(price);
  const priced = given?.source ?? (entry?.source as string);
  return {
    label: info?.label ?? entry?.modelName ?? name,
    ...sheetPrices(price, 0),
    minCacheableTokens: mechanics?.minCacheableTokens ?? 0,
    granularity: mechanics?.granularity ?? 1,
    ttlSeconds: mechanics?.ttlSeconds ?? null,
    ...(tier !== undefined
      ? { longContext: { aboveInputTokens: tier, ...sheetPrices(price, tier + 1) } }
      : {}),
    source: provider
      ? `${priced}; cache rules: ${CACHE_RULES_SOURCE[provider]}`
      : `${priced}; no known cache rules`,
  };
}

export interface CallCost {
  /** Tokens billed at the cached price. */
  readonly cached: number;
  /**
   * Tokens of the previous request the cache would have served here had this context still started
   * with all of it (within the cache's lifetime): what rewriting the start of the context cost. Zero
   * on the first call, and when the previous request was under the cache's minimum.
   */
  readonly missed: number;
  /** Tokens billed as new input (written to the cache where the provider charges for writes). */
  readonly fresh: number;
  readonly costUsd: number;
  readonly uncachedCostUsd: number;
}

export interface RunCost {
  readonly calls: readonly CallCost[];
  readonly inputTokens: number;
  readonly cachedTokens: number;
  /**
   * Calls where the cache restarts: the context no longer starts with the whole previous request,
   * and the bill reads less from the cache for it (`missed` > 0). Read from this bill, so a sentence
   * about restarts never contradicts its cached share.
   */
  readonly restarts: number;
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

/**
 * One call's bill: `shared` is the prefix it shares with the previous call, `gapSeconds` the time
 * since it, `previous` the previous request's context (for what a rewritten start missed).
 */
export function callCost(
  contextTokens: number,
  shared: number,
  sheet: PriceSheet,
  gapSeconds?: number,
  previous?: number,
): CallCost {
  const expired =
    sheet.ttlSeconds !== null && gapSeconds !== undefined && gapSeconds > sheet.ttlSeconds;
  const cached = expired ? 0 : Math.min(contextTokens, cachedTokensOf(shared, sheet));
  // The previous request's messages (its reply priming is not part of the next prefix).
  const reusable =
    expired || previous === undefined
      ? 0
      : Math.min(contextTokens, cachedTokensOf(previous - REPLY_PRIMING_TOKENS, sheet));
  const fresh = contextTokens - cached;
  // A long-context tier prices the whole request, as the provider bills it.
  const long = sheet.longContext;
  const prices = long && contextTokens > long.aboveInputTokens ? long : sheet;
  // A request below the minimum is not written to the cache: its new input costs the plain price.
  const freshPrice =
    contextTokens - REPLY_PRIMING_TOKENS >= sheet.minCacheableTokens
      ? prices.cacheWriteUsdPerMTok
      : prices.inputUsdPerMTok;
  return {
    cached,
    missed: Math.max(0, reusable - cached),
    fresh,
    costUsd: perM(cached, prices.cachedInputUsdPerMTok) + perM(fresh, freshPrice),
    uncachedCostUsd: perM(contextTokens, prices.inputUsdPerMTok),
  };
}

/** The bill for every call of a simulated run. */
export function runCost(calls: readonly SimCall[], sheet: PriceSheet): RunCost {
  let inputTokens = 0;
  let cachedTokens = 0;
  let costUsd = 0;
  let uncachedCostUsd = 0;
  let restarts = 0;
  const out = calls.map((c, i) => {
    const before = calls[i - 1];
    const gap =
      before?.timestamp !== undefined && c.timestamp !== undefined
        ? c.timestamp - before.timestamp
        : undefined;
    const cost = callCost(c.contextTokens, c.sharedPrefixTokens, sheet, gap, before?.contextTokens);
    if (cost.missed > 0) restarts++;
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
    restarts,
    freshTokens: inputTokens - cachedTokens,
    costUsd,
    uncachedCostUsd,
  };
}
