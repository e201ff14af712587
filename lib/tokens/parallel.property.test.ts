/**
 * `countInParallel` primes every string the steps carry with the count one thread gives, however
 * the work is cut (one share per thread for short work, pieces from both ends for long work) and
 * however the helpers behave: answering at once or late, failing, or never answering (this thread
 * then counts their pieces), sent pieces or sharing strings counted from both ends (worker
 * threads), stopping short of the meeting or reaching it first. On subsets of a real fleet (30 SWE-bench runs, 2.3 M characters), so
 * both ways of cutting the work are taken. Helpers sent pieces get their first ones while the
 * steps are still read: steps that come slowly (an iterable that spins before each) are read over
 * several turns, and counted the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import type { Step } from '../model/types';
import { countFromFront, countInParallel, countShare, type CountHelper } from './parallel';
import { createStepTokens, type StepTokens } from './step-tokens';

const RUNS = Number(process.env.FC_RUNS ?? 12);
const runs = importFixture('fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/trajs').histories;
const alone = createStepTokens('o200k_base', 'recorded');

type Behaviour = 'at once' | 'part' | 'late' | 'fails' | 'never';

/**
 * A helper on this thread: answering at once, late or never, or failing. Sharing, it counts from
 * the front as a worker thread would, all at once (before this thread starts from the back), up to
 * `delay` strings and stops, or when its answer is due (after this thread has counted everything).
 */
const helperOf = (behaviour: Behaviour, delay: number, sharing: boolean): CountHelper => {
  const answer = (counts: () => number[]): Promise<number[]> => {
    if (behaviour === 'fails') return Promise.reject(new Error('worker failed to start'));
    if (behaviour === 'never') return new Promise(() => {});
    if (behaviour === 'late')
      return new Promise((resolve) => setTimeout(() => resolve(counts()), delay));
    return Promise.resolve(counts());
  };
  const helper: CountHelper = {
    count: (texts, tokenizer) => answer(() => countShare(texts, tokenizer)),
  };
  if (!sharing) return helper;
  return {
    ...helper,
    countFromFront: (texts, tokenizer, ends) => {
      if (behaviour !== 'part') {
        // A helper that never answers never started (a worker still loading its tokenizer).
        const counts =
          behaviour === 'late' || behaviour === 'never'
            ? undefined
            : countFromFront(texts, tokenizer, ends);
        return answer(() => counts ?? countFromFront(texts, tokenizer, ends));
      }
      // Stops early: counts its first `delay` strings (or fewer), then answers.
      const part = new Int32Array(new SharedArrayBuffer(8));
      part[1] = Math.min(delay, ends[1] as number);
      const counts = countFromFront(texts, tokenizer, part);
      ends[0] = part[0] as number;
      return Promise.resolve(counts);
    },
  };
};

/** Steps handed out one by one, each after `spinMs` of busy waiting; `read` notes when each came. */
function* slowly(steps: readonly Step[], spinMs: number, read: number[]): Generator<Step> {
  for (const step of steps) {
    const until = performance.now() + spinMs;
    while (performance.now() < until);
    read.push(performance.now());
    yield step;
  }
}

/** Every step counted as one thread counts it, from the primed strings, progress rising to 1. */
const expectCounted = (steps: readonly Step[], tokens: StepTokens, fractions: number[]) => {
  expect(steps.map((s) => tokens.step(s))).toEqual(steps.map((s) => alone.step(s)));
  // Every string was primed: summing the steps counted nothing.
  expect(tokens.counter.misses).toBe(0);
  expect(fractions.at(-1)).toBe(1);
  expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
};

describe('countInParallel', () => {
  it('gives every step the count one thread gives, whatever the helpers do', async () => {
    expect(runs.length).toBe(30);
    await fc.assert(
      fc.asyncProperty(
        // Indices, not runs: a counterexample names the runs rather than printing them.
        fc.subarray([...runs.keys()], { minLength: 1 }),
        fc.array(
          fc.tuple(
            fc.constantFrom<Behaviour>('at once', 'part', 'part', 'late', 'late', 'fails', 'never'),
            fc.integer({ min: 0, max: 400 }),
          ),
          { maxLength: 3 },
        ),
        fc.boolean(),
        async (picked, behaviours, sharing) => {
          const steps = picked.flatMap((i) => runs[i]?.steps ?? []);
          const tokens = createStepTokens('o200k_base', 'recorded');
          const fractions: number[] = [];
          await countInParallel(
            steps,
            tokens,
            behaviours.map(([b, delay]) => helperOf(b, delay, sharing)),
            (f) => fractions.push(f),
          );
          expectCounted(steps, tokens, fractions);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("reads a sharing helper's counts from shared memory, without waiting for its answer", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...runs.keys()], { minLength: 1 }),
        fc.integer({ min: 0, max: 2000 }),
        async (picked, front) => {
          const steps = picked.flatMap((i) => runs[i]?.steps ?? []);
          // Counts its first `front` strings (writing their counts where the calling thread reads
          // them), then never answers: a helper descheduled before its message is sent.
          const helper: CountHelper = {
            count: () => new Promise(() => {}),
            countFromFront: (texts, tokenizer, ends) => {
              const back = ends[1] as number;
              ends[1] = Math.min(front, back);
              countFromFront(texts, tokenizer, ends);
              ends[1] = back;
              return new Promise(() => {});
            },
          };
          const tokens = createStepTokens('o200k_base', 'recorded');
          const fractions: number[] = [];
          await countInParallel(steps, tokens, [helper], (f) => fractions.push(f));
          expectCounted(steps, tokens, fractions);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('sends helpers pieces before the last step is read', async () => {
    const steps = runs.flatMap((r) => r.steps);
    const read: number[] = [];
    const asked: number[] = [];
    const helper = helperOf('at once', 0, false);
    const tokens = createStepTokens('o200k_base', 'recorded');
    const fractions: number[] = [];
    await countInParallel(
      slowly(steps, 0.02, read),
      tokens,
      [
        {
          count: (texts, tokenizer) => (
            asked.push(performance.now()),
            helper.count(texts, tokenizer)
          ),
        },
      ],
      (f) => fractions.push(f),
    );
    expectCounted(steps, tokens, fractions);
    expect(asked[0]).toBeLessThan(read.at(-1) as number);
  }, 60_000);

  it('counts steps read slowly the same, whatever the helpers sent pieces do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...runs.keys()], { minLength: 1 }),
        fc.array(
          fc.tuple(
            fc.constantFrom<Behaviour>('at once', 'late', 'late', 'fails', 'never'),
            fc.integer({ min: 0, max: 30 }),
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fc.constantFrom(0, 0.005, 0.02),
        async (picked, behaviours, spinMs) => {
          const steps = picked.flatMap((i) => runs[i]?.steps ?? []);
          const tokens = createStepTokens('o200k_base', 'recorded');
          const fractions: number[] = [];
          await countInParallel(
            slowly(steps, spinMs, []),
            tokens,
            behaviours.map(([b, delay]) => helperOf(b, delay, false)),
            (f) => fractions.push(f),
          );
          expectCounted(steps, tokens, fractions);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
