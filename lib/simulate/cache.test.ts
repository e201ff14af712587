import { describe, expect, it } from 'vitest';
import { parsePriceOverrides } from '../pricing/overrides';
import { findModel } from '../tokens/models';
import { callCost, priceSheetFor, priceSheetSchema } from './cache';

const M = 1_000_000;

describe('price sheets from the catalog', () => {
  it("take the catalog's prices and the provider's cache mechanics", () => {
    expect(priceSheetFor('claude-sonnet-4-5-20250929')).toMatchObject({
      label: 'Claude Sonnet 4.x',
      inputUsdPerMTok: 3,
      cachedInputUsdPerMTok: 0.3,
      cacheWriteUsdPerMTok: 3.75,
      cacheWrite1hUsdPerMTok: 6,
      outputUsdPerMTok: 15,
      minCacheableTokens: 1024,
      granularity: 1,
      ttlSeconds: 300,
      longContext: {
        aboveInputTokens: 200_000,
        inputUsdPerMTok: 6,
        cachedInputUsdPerMTok: 0.6,
        cacheWriteUsdPerMTok: 7.5,
        cacheWrite1hUsdPerMTok: 12,
        outputUsdPerMTok: 22.5,
      },
    });
    const gpt = priceSheetFor('openai/gpt-5.1');
    expect(gpt).toMatchObject({
      inputUsdPerMTok: 1.25,
      cachedInputUsdPerMTok: 0.125,
      // OpenAI charges nothing to write its cache.
      cacheWriteUsdPerMTok: 1.25,
      minCacheableTokens: 1024,
      granularity: 128,
    });
    expect(gpt?.source).toBe(
      'genai-prices 0.1.8 (pydantic/genai-prices), openai: gpt-5.1; cache rules: OpenAI "Prompt caching" (1,024-token minimum, 128-token steps, 5-10 minutes)',
    );
    // A table row passed as ModelInfo is priced by the name the catalog knows it by.
    expect(priceSheetFor(findModel('claude-haiku-4'))?.inputUsdPerMTok).toBe(1);
    // Bedrock's regional endpoints list 10% above Anthropic's (catalog: $3.30 for Sonnet 4.6).
    expect(priceSheetFor(findModel('us.anthropic.claude-sonnet-4-6'))?.inputUsdPerMTok).toBe(3.3);
  });

  it('never substitute another model', () => {
    expect(priceSheetFor('some-unknown-model')).toBeUndefined();
    expect(priceSheetFor(undefined)).toBeUndefined();
    expect(priceSheetFor('claude-sonnet-9-9')).toBeUndefined();
  });

  it('take your prices; a provider without known cache rules caches nothing', () => {
    const overrides = parsePriceOverrides({ 'my-model': { input: 2, cacheRead: 1 } });
    expect(priceSheetFor('my-model', overrides)).toMatchObject({
      label: 'my-model',
      inputUsdPerMTok: 2,
      cachedInputUsdPerMTok: 1,
      cacheWriteUsdPerMTok: 2,
      minCacheableTokens: 0,
      granularity: 1,
      ttlSeconds: null,
      source: 'your price for "my-model"; no known cache rules',
    });
  });

  it('bill a simulated request above the tier at the long-context price, whole', () => {
    const sheet = priceSheetFor('claude-sonnet-4-5')!;
    // 250,000 tokens, 240,000 shared: read at $0.60, 10,000 written at $7.50; uncached at $6.
    const big = callCost(250_000, 240_000, sheet);
    expect(big.costUsd).toBeCloseTo((240_000 * 0.6 + 10_000 * 7.5) / M, 12);
    expect(big.uncachedCostUsd).toBeCloseTo((250_000 * 6) / M, 12);
    const small = callCost(150_000, 140_000, sheet);
    expect(small.costUsd).toBeCloseTo((140_000 * 0.3 + 10_000 * 3.75) / M, 12);
  });

  it('still parse a sheet saved before the catalog fields', () => {
    const saved = {
      label: 'GPT-4o',
      inputUsdPerMTok: 2.5,
      cachedInputUsdPerMTok: 1.25,
      cacheWriteUsdPerMTok: 2.5,
      minCacheableTokens: 1024,
      granularity: 128,
      ttlSeconds: 300,
      source: 'OpenAI pricing',
    };
    expect(priceSheetSchema.parse(saved)).toEqual(saved);
    expect(priceSheetSchema.safeParse({ ...saved, outputPrice: 10 }).success).toBe(false);
  });
});
