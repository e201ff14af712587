import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  CATALOG_LABEL,
  catalogModels,
  catalogPricesAt,
  resolveModel,
  tierStartOf,
  tokenPricesOf,
} from './catalog';

describe('the price catalog', () => {
  it("names the installed genai-prices' version", () => {
    const pkg = JSON.parse(
      readFileSync(
        new URL('../../node_modules/@pydantic/genai-prices/package.json', import.meta.url),
        'utf8',
      ),
    ) as { name: string; version: string };
    expect([CATALOG.packageName, CATALOG.version]).toEqual([pkg.name, pkg.version]);
    expect(CATALOG_LABEL).toBe(`genai-prices ${pkg.version} (pydantic/genai-prices)`);
  });

  it.each([
    ['openrouter/google/gemini-3-pro-preview', 'google', 'gemini-3-pro-preview'],
    ['google/gemini-3-pro-preview', 'google', 'gemini-3-pro-preview'],
    ['anthropic/claude-sonnet-4-5', 'anthropic', 'claude-sonnet-4-5'],
    ['openai/gpt-5.1', 'openai', 'gpt-5.1'],
    ['azure/gpt-4o', 'azure', 'gpt-4o'],
    ['vertex_ai/gemini-2.5-pro', 'google', 'gemini-2.5-pro'],
    ['vertex_ai/claude-sonnet-4-5@20250929', 'google', 'claude-sonnet-4-5'],
    [
      'bedrock/anthropic.claude-3-7-sonnet-20250219-v1:0',
      'aws',
      'regional.anthropic.claude-3-7-sonnet-20250219-v1:0',
    ],
    [
      'us.anthropic.claude-3-7-sonnet-20250219-v1:0',
      'aws',
      'regional.anthropic.claude-3-7-sonnet-20250219-v1:0',
    ],
    ['litellm_proxy/claude-sonnet-4-5', 'anthropic', 'claude-sonnet-4-5'],
    ['openrouter/anthropic/claude-3.7-sonnet', 'openrouter', 'anthropic/claude-3.7-sonnet'],
    ['claude-sonnet-4-5-20250929', 'anthropic', 'claude-sonnet-4-5'],
    ['gpt-4o-2024-08-06', 'openai', 'gpt-4o'],
    ['GPT-4o', 'openai', 'gpt-4o'],
    ['  Claude-Opus-4-7 ', 'anthropic', 'claude-opus-4-7'],
  ])('resolves %s', (name, providerId, modelId) => {
    expect(resolveModel(name)).toMatchObject({ providerId, modelId });
  });

  it('says where the entry comes from', () => {
    expect(resolveModel('claude-opus-4-7')?.source).toBe(
      'genai-prices 0.1.8 (pydantic/genai-prices), anthropic: claude-opus-4-7',
    );
  });

  it('never falls back to another model', () => {
    for (const name of [
      'some-unknown-model',
      'hosted_vllm/Qwen/Qwen2.5-Coder-32B-Instruct',
      'claude-sonnet-9-9',
      '',
      'openrouter/',
    ])
      expect(resolveModel(name)).toBeUndefined();
    expect(resolveModel(undefined)).toBeUndefined();
  });

  it("takes a router's missing window from the model's maker", () => {
    expect(resolveModel('openrouter/anthropic/claude-3.7-sonnet')?.contextWindow).toBe(200_000);
    expect(resolveModel('claude-opus-4-7')?.contextWindow).toBe(1_000_000);
  });

  it('reads tiered prices per request size', () => {
    const price = catalogPricesAt('claude-sonnet-4-5');
    expect(price).toBeDefined();
    if (!price) return;
    expect(tokenPricesOf(price, 150_000)).toEqual({
      input: 3,
      output: 15,
      cacheRead: 0.3,
      cacheWrite: 3.75,
      cacheWrite1h: 6,
    });
    expect(tokenPricesOf(price, 250_000)).toEqual({
      input: 6,
      output: 22.5,
      cacheRead: 0.6,
      cacheWrite: 7.5,
      cacheWrite1h: 12,
    });
    // The tier starts above 200,000: a request of exactly 200,000 pays the base price.
    expect(tierStartOf(price, 200_000)).toBeUndefined();
    expect(tierStartOf(price, 200_001)).toBe(200_000);
  });

  it('lists the main providers’ models for a picker', () => {
    const models = catalogModels();
    expect(
      models.some((m) => m.providerId === 'anthropic' && m.modelId === 'claude-opus-4-7'),
    ).toBe(true);
    expect(models.some((m) => m.providerId === 'openai' && m.modelId === 'gpt-5.1')).toBe(true);
  });
});
