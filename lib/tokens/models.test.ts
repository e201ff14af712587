import { describe, expect, it } from 'vitest';
import { parsePriceOverrides } from '../pricing/overrides';
import { TOKENIZER_REGISTRY } from './tokenizer';
import {
  cacheMechanicsOf,
  cacheProviderOf,
  contextWindowFor,
  contextWindowKnown,
  countingLabel,
  findModel,
  isEstimate,
  MODELS,
} from './models';

describe('models from the table and the price catalog', () => {
  it('keeps the table row for the models it stands for', () => {
    expect(findModel('claude-sonnet-4-5-20250929')?.label).toBe('Claude Sonnet 4.x');
    expect(findModel('claude-opus-4-1-20250805')?.id).toBe('claude-opus-4');
    expect(findModel('claude-haiku-4-5-20251001')?.id).toBe('claude-haiku-4');
    expect(findModel('gpt-4-0613')?.id).toBe('gpt-4');
    // Routed or hosted: the same model.
    expect(findModel('openrouter/openai/gpt-4o')?.id).toBe('gpt-4o');
    expect(findModel('us.anthropic.claude-3-7-sonnet-20250219-v1:0')?.id).toBe('claude-3-7-sonnet');
  });

  it('takes a later version from the catalog, not the older row its name contains', () => {
    // "claude-opus-4-7" contains "claude-opus-4" (Opus 4: $15, 200k): it is Opus 4.7 ($5, 1M).
    const opus = findModel('claude-opus-4-7');
    expect([opus?.id, opus?.contextWindow, opus?.inputUsdPerMTok]).toEqual([
      'claude-opus-4-7',
      1_000_000,
      5,
    ]);
    expect(findModel('gpt-5.1')?.id).toBe('gpt-5.1');
    expect(contextWindowFor('gpt-5.1-2025-11-13')).toBe(400_000);
    expect(findModel('claude-sonnet-4-6')?.contextWindow).toBe(1_000_000);
    expect(findModel('us.anthropic.claude-sonnet-4-6')?.contextWindow).toBe(1_000_000);
  });

  it("knows the catalog's models the table lacks, and OpenAI's tokenizers for them", () => {
    expect(contextWindowFor('o3-mini')).toBe(200_000);
    expect(isEstimate('gpt-5-mini', 'o200k_base')).toBe(false);
    expect(isEstimate('gpt-4-32k', 'cl100k_base')).toBe(false);
    expect(isEstimate('anthropic/claude-3.7-sonnet', 'o200k_base')).toBe(true);
    expect(findModel('some-unknown-model')).toBeUndefined();
  });

  it('says when a window is assumed (a window must be some number: 128,000)', () => {
    expect([
      contextWindowFor('some-unknown-model'),
      contextWindowKnown('some-unknown-model'),
    ]).toEqual([128_000, false]);
    // The catalog prices Gemini 3.1 Pro Preview but gives it no window (nor does our table).
    expect([
      contextWindowFor('gemini-3.1-pro-preview'),
      contextWindowKnown('gemini-3.1-pro-preview'),
    ]).toEqual([128_000, false]);
    expect(contextWindowKnown('gemini-2.5-pro')).toBe(true);
    expect(contextWindowFor('openrouter/google/gemini-3-pro-preview')).toBe(1_048_576);
    const overrides = parsePriceOverrides({
      'gemini-3.1-pro-preview': { input: 2, contextWindow: 1_048_576 },
    });
    expect(contextWindowFor('gemini-3.1-pro-preview', overrides)).toBe(1_048_576);
    expect(contextWindowKnown('gemini-3.1-pro-preview', overrides)).toBe(true);
  });

  it("prices the menu's models from the catalog", () => {
    const row = (id: string) => MODELS.find((m) => m.id === id);
    expect(row('gpt-4o')?.inputUsdPerMTok).toBe(2.5);
    expect(row('gpt-4o')?.cache).toMatchObject({
      provider: 'openai',
      cachedInputUsdPerMTok: 1.25,
      minCacheableTokens: 1024,
      granularity: 128,
    });
    expect(row('claude-haiku-4')?.cache).toMatchObject({
      provider: 'anthropic',
      cachedInputUsdPerMTok: 0.1,
      cacheWriteUsdPerMTok: 1.25,
      minCacheableTokens: 4096,
    });
    expect(row('llama-3.1-70b')?.inputUsdPerMTok).toBeUndefined();
  });

  it("applies the model's maker's cache rules wherever it is hosted", () => {
    expect(cacheProviderOf('google', 'claude-sonnet-4-5')).toBe('anthropic');
    expect(cacheProviderOf('aws', 'regional.anthropic.claude-3-7-sonnet')).toBe('anthropic');
    expect(cacheProviderOf('azure', 'gpt-4o')).toBe('openai');
    expect(cacheProviderOf('mistral', 'mistral-large')).toBeUndefined();
    expect(cacheMechanicsOf('anthropic', 'claude-3-5-haiku').minCacheableTokens).toBe(2048);
    expect(cacheMechanicsOf('anthropic', 'claude-opus-4-5').minCacheableTokens).toBe(4096);
    expect(cacheMechanicsOf('anthropic', 'claude-sonnet-4-5').minCacheableTokens).toBe(1024);
    expect(cacheMechanicsOf('google', 'gemini-2.5-pro').minCacheableTokens).toBe(2048);
  });
});

describe('whether a tokenizer counts a run’s model exactly', () => {
  it('says exact only for the models that bill with it', () => {
    expect(countingLabel('o200k_base', 'gpt-4o-2024-08-06')).toEqual({
      exact: true,
      text: 'o200k: exact for GPT-4o',
    });
    expect(countingLabel('o200k_base', 'claude-opus-4-5-20251101')).toEqual({
      exact: false,
      text: 'o200k: approximate for Claude Opus 4.5',
    });
    expect(countingLabel('cl100k_base', 'gpt-4o')).toMatchObject({ exact: false });
    expect(countingLabel('heuristic', 'gpt-4o')).toEqual({
      exact: false,
      text: 'chars / 4: an estimate for every model',
    });
    expect(countingLabel('o200k_base', undefined).exact).toBe(false);
    // The menu's labels name whose tokenizer it is, never "exact" on their own.
    expect(TOKENIZER_REGISTRY.map((t) => t.label).join(' ')).not.toMatch(/exact/);
  });
});
