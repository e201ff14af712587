import { describe, expect, it } from 'vitest';
import { overrideFor, parsePriceOverrides } from './overrides';

describe('price overrides', () => {
  it('parse JSON text or a value, lowercasing model names; 0 is a price', () => {
    const o = parsePriceOverrides(
      '{"Claude-Sonnet-4-5": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75, "cacheWrite1h": 6, "contextWindow": 200000}, "*": {"input": 0}}',
    );
    expect(o).toEqual({
      'claude-sonnet-4-5': {
        input: 3,
        output: 15,
        cacheRead: 0.3,
        cacheWrite: 3.75,
        cacheWrite1h: 6,
        contextWindow: 200_000,
      },
      '*': { input: 0 },
    });
    expect(overrideFor('CLAUDE-sonnet-4-5', o)?.key).toBe('claude-sonnet-4-5');
    expect(overrideFor('gpt-4o', o)).toEqual({ key: '*', price: { input: 0 } });
    expect(overrideFor('gpt-4o', parsePriceOverrides({}))).toBeUndefined();
  });

  it.each([
    [
      { 'gpt-4o': { input: 2.5, cachedInput: 1.25 } },
      'prices for "gpt-4o": unknown key "cachedInput" (expected: input, output, cacheRead, cacheWrite, cacheWrite1h, contextWindow)',
    ],
    [
      { 'gpt-4o': { input: 2.5, ouput: 10, cache_read: 1 } },
      'prices for "gpt-4o": unknown keys "ouput", "cache_read" (expected: input, output, cacheRead, cacheWrite, cacheWrite1h, contextWindow)',
    ],
    [
      { 'gpt-4o': { output: 10 } },
      'prices for "gpt-4o": "input" is required (USD per million input tokens)',
    ],
    [{ 'gpt-4o': { input: -1 } }, /^prices for "gpt-4o": input: /],
    [{ 'gpt-4o': { input: '2.5' } }, /^prices for "gpt-4o": input: /],
    [{ 'gpt-4o': { input: 1, contextWindow: 1.5 } }, /^prices for "gpt-4o": contextWindow: /],
    [{ 'gpt-4o': 2.5 }, /^prices for "gpt-4o": expected an object of prices/],
    [{ '': { input: 1 } }, /^prices: a model name is empty/],
    [{ 'GPT-4o': { input: 1 }, 'gpt-4o': { input: 2 } }, /given twice/],
    [[], /^prices: expected an object/],
    ['{"gpt-4o": ', /^prices: not valid JSON/],
  ])('refuse %j with one line naming the problem', (value, message) => {
    let error: unknown;
    try {
      parsePriceOverrides(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(Error);
    const text = (error as Error).message;
    expect(text).not.toContain('\n');
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  });
});
