/**
 * `countInParallel` primes every string the steps carry with the count one thread gives, however
 * the work is cut (one share per thread for short work, pieces from both ends for long work) and
 * however the helpers behave: answering at once or late, failing, or never answering (this thread
 * then counts their pieces). On subsets of a real fleet (30 SWE-bench runs, 2.3 M characters), so
 * both ways of cutting the work are taken.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import { countInParallel, countShare, type CountHelper } from './parallel';
import { createStepTokens } from './step-tokens';

const RUNS = Number(process.env.FC_RUNS ?? 12);
const runs = importFixture('fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/trajs').histories;
const alone = createStepTokens('o200k_base', 'recorded');

type Behaviour = 'at once' | 'late' | 'fails' | 'never';
const helperOf = (behaviour: Behaviour, delay: number): CountHelper => ({
  count: (texts, tokenizer) => {
    if (behaviour === 'fails') return Promise.reject(new Error('worker failed to start'));
    if (behaviour === 'never') return new Promise(() => {});
    const counts = countShare(texts, tokenizer);
    if (behaviour === 'at once') return Promise.resolve(counts);
    return new Promise((resolve) => setTimeout(() => resolve(counts), delay));
  },
});

describe('countInParallel', () => {
  it('gives every step the count one thread gives, whatever the helpers do', async () => {
    expect(runs.length).toBe(30);
    await fc.assert(
      fc.asyncProperty(
        // Indices, not runs: a counterexample names the runs rather than printing them.
        fc.subarray([...runs.keys()], { minLength: 1 }),
        fc.array(
          fc.tuple(
            fc.constantFrom<Behaviour>('at once', 'at once', 'late', 'late', 'fails', 'never'),
            fc.integer({ min: 0, max: 8 }),
          ),
          { maxLength: 3 },
        ),
        async (picked, behaviours) => {
          const steps = picked.flatMap((i) => runs[i]?.steps ?? []);
          const tokens = createStepTokens('o200k_base', 'recorded');
          const fractions: number[] = [];
          await countInParallel(
            steps,
            tokens,
            behaviours.map(([b, delay]) => helperOf(b, delay)),
            (f) => fractions.push(f),
          );
          expect(steps.map((s) => tokens.step(s))).toEqual(steps.map((s) => alone.step(s)));
          // Every string was primed: summing the steps counted nothing.
          expect(tokens.counter.misses).toBe(0);
          expect(fractions.at(-1)).toBe(1);
          expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
