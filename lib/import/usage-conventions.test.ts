/**
 * Usage conventions (lib/model/types.ts `Usage.inputCounts`): what each provider's input count
 * holds, checked on records as real files write them, so `promptTokensOf` splits them exactly.
 */
import { describe, expect, it } from 'vitest';
import { promptTokensOf } from '../model/usage';
import { anthropicUsage, declaredTotal, litellmUsage } from './usage-conventions';

describe('usage conventions', () => {
  it('Anthropic: input apart from cache reads and writes, the 1-hour writes kept', () => {
    // A Claude Code line (cc_ideas_03eb5929.jsonl).
    const u = anthropicUsage({
      input_tokens: 3,
      cache_creation_input_tokens: 5376,
      cache_read_input_tokens: 16093,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 5376 },
      output_tokens: 9,
    });
    expect(u).toEqual({
      inputTokens: 3,
      outputTokens: 9,
      cacheReadInputTokens: 16093,
      cacheCreationInputTokens: 5376,
      cacheCreation1hInputTokens: 5376,
      inputCounts: 'uncached',
    });
    expect(promptTokensOf(u ?? {})?.total).toBe(3 + 16093 + 5376);
  });

  it.each([
    // OpenHands trajs_basic.json: prompt_tokens = 4 + reads 0 + writes 3482.
    [3486, 0, 3482, { inputTokens: 3486, inputCounts: 'total' }, 3486, 4],
    // OpenHands' 2025-07 session: prompt_tokens = 6 + reads 6553; the 210 written apart.
    [6559, 6553, 210, { inputTokens: 6, inputCounts: 'uncached' }, 6769, 6],
    // The same session's first call: 4 uncached, nothing read, 6553 written.
    [4, 0, 6553, { inputTokens: 4, inputCounts: 'uncached' }, 6557, 4],
  ])(
    'LiteLLM: prompt_tokens %i with %i read and %i written',
    (prompt, read, write, fields, total, uncached) => {
      const u = litellmUsage({
        prompt_tokens: prompt,
        prompt_tokens_details: { cached_tokens: read },
        cache_read_input_tokens: read,
        cache_creation_input_tokens: write,
      });
      expect(u).toMatchObject(fields);
      expect(promptTokensOf(u ?? {})).toMatchObject({ total, uncached });
    },
  );

  it('LiteLLM through OpenRouter: its own cost wins over the fallback', () => {
    // A SWE-bench bash-only run's first call.
    expect(
      litellmUsage(
        {
          prompt_tokens: 1662,
          completion_tokens: 106,
          cost: 0.004596,
          prompt_tokens_details: { cached_tokens: 0 },
        },
        0.5,
      ),
    ).toMatchObject({
      inputTokens: 1662,
      cacheReadInputTokens: 0,
      costUsd: 0.004596,
      inputCounts: 'total',
    });
  });

  it('a declared total below its cached parts is the uncached part (Claude Agent SDK spans)', () => {
    expect(
      declaredTotal({
        inputTokens: 4,
        cacheReadInputTokens: 29447,
        cacheCreationInputTokens: 2861,
      }),
    ).toMatchObject({ inputCounts: 'uncached' });
    expect(declaredTotal({ inputTokens: 225, cacheReadInputTokens: 0 })).toMatchObject({
      inputCounts: 'total',
    });
  });
});
