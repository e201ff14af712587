/**
 * One test per failure other cost tools shipped, and per-provider prices, each expected value
 * computed by hand from the providers' published per-MTok prices (never by the code under test).
 */
import { describe, expect, it } from 'vitest';
import type { Usage } from '../model/types';
import { priceCall, type CallPrice } from './price-usage';
import { parsePriceOverrides } from './overrides';

const M = 1_000_000;

/** A record in Anthropic's convention: input apart from cache reads and writes. */
const anthropic = (
  input: number,
  c: { read?: number; write?: number; write1h?: number; output?: number },
): Usage => ({
  inputTokens: input,
  cacheReadInputTokens: c.read ?? 0,
  cacheCreationInputTokens: c.write ?? 0,
  ...(c.write1h !== undefined ? { cacheCreation1hInputTokens: c.write1h } : {}),
  outputTokens: c.output ?? 0,
  inputCounts: 'uncached',
});

function ok(p: CallPrice) {
  if (!p.ok) throw new Error(`expected a price, got: ${p.reason}`);
  // Our parts mirror calcPrice's arithmetic: a mismatch would be noted.
  expect(p.notes?.filter((n) => n.startsWith('the parts add up')) ?? []).toEqual([]);
  return p;
}

/** Per-part USD, rounded away from float noise. */
const usdOf = (p: CallPrice) => {
  const r = ok(p);
  return Object.fromEntries(
    Object.entries(r.parts).map(([k, v]) => [k, [v.tokens, Number(v.usd.toFixed(12))]]),
  );
};

describe('cached tokens are counted once (langfuse#10592, #12306)', () => {
  it('an OpenAI record: input 1,000 including 800 cached bills 200 fresh + 800 cached', () => {
    // gpt-4o: $2.50 input, $1.25 cached input, $10 output per MTok.
    const u: Usage = { inputTokens: 1000, cacheReadInputTokens: 800, outputTokens: 100 };
    const p = ok(priceCall(u, 'gpt-4o'));
    expect(p.parts.uncached.tokens).toBe(200);
    expect(p.parts.cacheRead.tokens).toBe(800);
    expect(p.costUsd).toBeCloseTo((200 * 2.5 + 800 * 1.25 + 100 * 10) / M, 12);
  });

  it('an Anthropic record: input 200 + cache read 800 bills the same split', () => {
    // claude-sonnet-4-5: $3 input, $0.30 cache read, $15 output.
    const u = anthropic(200, { read: 800, output: 100 });
    const p = ok(priceCall(u, 'claude-sonnet-4-5'));
    expect([p.parts.uncached.tokens, p.parts.cacheRead.tokens]).toEqual([200, 800]);
    expect(p.costUsd).toBeCloseTo((200 * 3 + 800 * 0.3 + 100 * 15) / M, 12);
  });
});

it('bills cache reads at the cache-read price, never as plain input (phoenix#10036)', () => {
  const p = ok(priceCall({ inputTokens: 10_000, cacheReadInputTokens: 9_000 }, 'gpt-5.1'));
  // gpt-5.1: $1.25 input, $0.125 cached: 9,000 read at 0.125, 1,000 at 1.25.
  expect(p.parts.cacheRead.usd).toBeCloseTo((9_000 * 0.125) / M, 12);
  expect(p.costUsd).toBeCloseTo((1_000 * 1.25 + 9_000 * 0.125) / M, 12);
  expect(p.costUsd).toBeLessThan((10_000 * 1.25) / M);
});

it('never drops cache writes (ccusage#1617)', () => {
  // claude-haiku-4-5: $1 input, $1.25 5-minute write, $0.10 read, $5 output.
  const u = anthropic(10, { write: 20_000, output: 300 });
  const p = ok(priceCall(u, 'claude-haiku-4-5'));
  expect(p.parts.cacheWrite5m).toEqual({ tokens: 20_000, usd: (20_000 * 1.25) / M });
  expect(p.costUsd).toBeCloseTo((10 * 1 + 20_000 * 1.25 + 300 * 5) / M, 12);
});

it('bills 1-hour writes at 2x input and 5-minute writes at 1.25x (claude-opus-4-7: $5, $6.25, $10)', () => {
  const u = anthropic(1_000, { write: 30_000, write1h: 10_000, read: 50_000, output: 2_000 });
  const p = ok(priceCall(u, 'claude-opus-4-7'));
  expect(usdOf(p)).toEqual({
    uncached: [1_000, (1_000 * 5) / M],
    cacheRead: [50_000, (50_000 * 0.5) / M],
    cacheWrite5m: [20_000, (20_000 * 6.25) / M],
    cacheWrite1h: [10_000, (10_000 * 10) / M],
    output: [2_000, (2_000 * 25) / M],
  });
  expect(p.costUsd).toBeCloseTo(
    (1_000 * 5 + 50_000 * 0.5 + 20_000 * 6.25 + 10_000 * 10 + 2_000 * 25) / M,
    12,
  );
  expect(p.tier).toBeUndefined();
});

describe('the long-context tier applies to the whole request above 200k input tokens', () => {
  it('claude-sonnet-4-5: 250k at $6 / $0.60 / $7.50 / $22.50; 150k at base', () => {
    const big = anthropic(50_000, { read: 180_000, write: 20_000, output: 1_000 });
    const p = ok(priceCall(big, 'claude-sonnet-4-5'));
    expect(p.tier).toBe('above 200k input tokens');
    expect(p.costUsd).toBeCloseTo(
      (50_000 * 6 + 180_000 * 0.6 + 20_000 * 7.5 + 1_000 * 22.5) / M,
      12,
    );
    const small = ok(priceCall({ ...big, cacheReadInputTokens: 80_000 }, 'claude-sonnet-4-5'));
    expect(small.tier).toBeUndefined();
    expect(small.costUsd).toBeCloseTo(
      (50_000 * 3 + 80_000 * 0.3 + 20_000 * 3.75 + 1_000 * 15) / M,
      12,
    );
  });

  it('gemini-3-pro-preview: 250k at $4 / $0.40 / $18; 150k at $2 / $0.20 / $12', () => {
    const big = ok(
      priceCall(
        { inputTokens: 250_000, cacheReadInputTokens: 100_000, outputTokens: 2_000 },
        'gemini-3-pro-preview',
      ),
    );
    expect(big.tier).toBe('above 200k input tokens');
    expect(big.costUsd).toBeCloseTo((150_000 * 4 + 100_000 * 0.4 + 2_000 * 18) / M, 12);
    const small = ok(
      priceCall(
        { inputTokens: 150_000, cacheReadInputTokens: 100_000, outputTokens: 2_000 },
        'gemini-3-pro-preview',
      ),
    );
    expect(small.costUsd).toBeCloseTo((50_000 * 2 + 100_000 * 0.2 + 2_000 * 12) / M, 12);
  });
});

it('a streaming placeholder with zero usage costs $0 and is a priced call', () => {
  const p = ok(priceCall({ inputTokens: 0, outputTokens: 0 }, 'claude-sonnet-4-5'));
  expect([p.costUsd, p.placeholder]).toEqual([0, true]);
  expect(ok(priceCall({}, 'gpt-4o')).placeholder).toBe(true);
});

describe('a model missing from the catalog is never $0 (ccusage#948)', () => {
  it('is unpriced, with the reason and what to do', () => {
    const p = priceCall({ inputTokens: 5_000, outputTokens: 100 }, 'my-finetune-v3');
    expect(p).toEqual({
      ok: false,
      reason:
        'model "my-finetune-v3" is not in the catalog (genai-prices 0.1.8); give its prices with --prices or in the price editor',
    });
    expect(priceCall({ inputTokens: 0 }, 'my-finetune-v3').ok).toBe(false);
  });

  it('a file that names no model is unpriced too', () => {
    const p = priceCall({ inputTokens: 5_000 }, undefined);
    expect(p.ok ? '' : p.reason).toMatch(/^the file names no model/);
  });

  it('a newer version is not priced as an older one', () => {
    expect(priceCall({ inputTokens: 1 }, 'claude-sonnet-9-9').ok).toBe(false);
  });
});

describe('per-provider prices: uncached, cached and output', () => {
  const u: Usage = { inputTokens: 100_000, cacheReadInputTokens: 60_000, outputTokens: 10_000 };
  it.each([
    // OpenAI pricing page: gpt-4o $2.50 / $1.25 / $10; gpt-5.1 $1.25 / $0.125 / $10.
    ['gpt-4o', 2.5, 1.25, 10],
    ['gpt-5.1', 1.25, 0.125, 10],
    // Google AI pricing, up to 200k: gemini-2.5-pro $1.25 / $0.125 / $10; 3 Pro $2 / $0.20 / $12.
    ['gemini-2.5-pro', 1.25, 0.125, 10],
    ['gemini-3-pro-preview', 2, 0.2, 12],
  ])('%s', (model, input, cached, output) => {
    const p = ok(priceCall(u, model));
    expect(usdOf(p)).toEqual({
      uncached: [40_000, Number(((40_000 * input) / M).toFixed(12))],
      cacheRead: [60_000, Number(((60_000 * cached) / M).toFixed(12))],
      cacheWrite5m: [0, 0],
      cacheWrite1h: [0, 0],
      output: [10_000, Number(((10_000 * output) / M).toFixed(12))],
    });
  });

  it.each([
    // Anthropic pricing: input / 5-minute write / read / output.
    ['claude-sonnet-4-5', 3, 3.75, 0.3, 15],
    ['claude-opus-4-7', 5, 6.25, 0.5, 25],
    ['claude-haiku-4-5', 1, 1.25, 0.1, 5],
  ])('%s (Anthropic convention)', (model, input, write, read, output) => {
    const a = anthropic(4_000, { write: 6_000, read: 90_000, output: 10_000 });
    const p = ok(priceCall(a, model));
    expect(p.costUsd).toBeCloseTo(
      (4_000 * input + 6_000 * write + 90_000 * read + 10_000 * output) / M,
      12,
    );
  });

  it('deepseek-chat at its call time: standard and off-peak (catalog: $0.27 / $0.07 / $1.10, half off 16:30-00:30 UTC)', () => {
    const peak = ok(priceCall(u, 'deepseek-chat', { at: new Date('2026-01-05T10:00:00Z') }));
    expect(peak.costUsd).toBeCloseTo((40_000 * 0.27 + 60_000 * 0.07 + 10_000 * 1.1) / M, 12);
    const offPeak = ok(
      priceCall(u, 'deepseek-chat', { at: Date.parse('2026-01-05T20:00:00Z') / 1000 }),
    );
    expect(offPeak.costUsd).toBeCloseTo((40_000 * 0.135 + 60_000 * 0.035 + 10_000 * 0.55) / M, 12);
    // Without a timestamp: the price that holds for most of the day, and a note saying so.
    const unknown = ok(priceCall(u, 'deepseek-chat'));
    expect(unknown.costUsd).toBeCloseTo(peak.costUsd, 12);
    expect(unknown.notes?.[0]).toMatch(/^no timestamp/);
  });

  it("prices at the call's date: o3 before and after OpenAI's June 2025 cut ($10/$40, then $2/$8)", () => {
    const call: Usage = { inputTokens: 1_000, outputTokens: 1_000 };
    const before = ok(priceCall(call, 'o3', { at: new Date('2025-05-01T00:00:00Z') }));
    const after = ok(priceCall(call, 'o3', { at: new Date('2025-07-01T00:00:00Z') }));
    expect(before.costUsd).toBeCloseTo((1_000 * 10 + 1_000 * 40) / M, 12);
    expect(after.costUsd).toBeCloseTo((1_000 * 2 + 1_000 * 8) / M, 12);
  });
});

describe('your prices', () => {
  it('win over the catalog and say so; 0 is a price', () => {
    const overrides = parsePriceOverrides({ 'gpt-4o': { input: 1, output: 0, cacheRead: 0.5 } });
    const p = ok(
      priceCall({ inputTokens: 1_000, cacheReadInputTokens: 400, outputTokens: 50 }, 'GPT-4o', {
        overrides,
      }),
    );
    expect(p.costUsd).toBeCloseTo((600 * 1 + 400 * 0.5) / M, 12);
    expect(p.source).toBe('your price for "gpt-4o"');
  });

  it('price a model the catalog lacks, through "*"', () => {
    const overrides = parsePriceOverrides({ '*': { input: 2, output: 4 } });
    const p = ok(
      priceCall({ inputTokens: 1_000, outputTokens: 10 }, 'my-finetune-v3', { overrides }),
    );
    expect(p.costUsd).toBeCloseTo((1_000 * 2 + 10 * 4) / M, 12);
    expect(p.source).toBe('your price (*)');
  });

  it('leave the rest to the catalog, and an unpriced output is refused, not $0', () => {
    const sonnet = parsePriceOverrides({ 'claude-sonnet-4-5': { input: 2 } });
    const u = anthropic(1_000, { read: 1_000, output: 100 });
    const p = ok(priceCall(u, 'claude-sonnet-4-5', { overrides: sonnet }));
    expect(p.costUsd).toBeCloseTo((1_000 * 2 + 1_000 * 0.3 + 100 * 15) / M, 12);
    expect(p.source).toMatch(/^your price for "claude-sonnet-4-5"; the rest from genai-prices/);
    const lone = parsePriceOverrides({ 'my-model': { input: 2 } });
    const q = priceCall({ inputTokens: 1_000, outputTokens: 5 }, 'my-model', { overrides: lone });
    expect(q.ok ? '' : q.reason).toMatch(/gives no output price/);
  });
});
