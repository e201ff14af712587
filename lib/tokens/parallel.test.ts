import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import { countInParallel, countShare, shares, type CountHelper } from './parallel';
import { createStepTokens } from './step-tokens';

const steps = importFixture(
  'real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
).histories[0]?.steps;

describe('countInParallel', () => {
  it('gives every step the count a single thread gives, each distinct string counted once', async () => {
    if (!steps) throw new Error('fixture did not import');
    const sent: string[][] = [];
    const helper: CountHelper = {
      count: async (texts, tokenizer) => {
        sent.push([...texts]);
        return countShare(texts, tokenizer);
      },
    };
    const parallel = createStepTokens('o200k_base', 'openai');
    const fractions: number[] = [];
    await countInParallel(steps, parallel, [helper, helper], (f) => fractions.push(f));
    const misses = parallel.counter.misses;
    const alone = createStepTokens('o200k_base', 'openai');
    expect(steps.map((s) => parallel.step(s))).toEqual(steps.map((s) => alone.step(s)));
    // Every count after priming was a cache hit, and the helpers got disjoint shares.
    expect(parallel.counter.misses).toBe(misses);
    const all = sent.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(sent).toHaveLength(2);
    expect(fractions.at(-1)).toBe(1);
  });

  it("counts a failed helper's share itself", async () => {
    if (!steps) throw new Error('fixture did not import');
    const broken: CountHelper = {
      count: () => Promise.reject(new Error('worker failed to start')),
    };
    const parallel = createStepTokens('o200k_base', 'openai');
    await countInParallel(steps, parallel, [broken]);
    const alone = createStepTokens('o200k_base', 'openai');
    expect(steps.map((s) => parallel.step(s))).toEqual(steps.map((s) => alone.step(s)));
    expect(parallel.counter.misses).toBe(0);
  });

  it('splits strings into shares of about equal length, the first one scaled', () => {
    const texts = Array.from({ length: 200 }, (_, i) => 'x'.repeat(1 + ((i * 37) % 500)));
    const [a = [], b = []] = shares(texts, 2, 0.5);
    const len = (xs: string[]) => xs.reduce((n, t) => n + t.length, 0);
    expect(a.length + b.length).toBe(200);
    expect(len(a) / len(b)).toBeGreaterThan(0.45);
    expect(len(a) / len(b)).toBeLessThan(0.55);
  });
});
