/**
 * The fast paths of issue 26 (one apply on 100k steps ≤ 50 ms) against the implementations they
 * replaced, kept verbatim under test/reference/ as the spec: same steps, fates, inserted steps and
 * notes, on generated histories (fast-check) and on real runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createExtractiveAccumulator, summarizeExtractively } from '../lib/strategies/summarizer';
import * as reference from './reference/summarizer';
import { stepsArb } from './arbitraries';
import { longHistory } from '../bench/history';

const RUNS = Number(process.env.FC_RUNS ?? 150);

describe('the extractive summarizer, writing its lines only when kept', () => {
  it('writes the same summary, and the same text after every step added', () => {
    fc.assert(
      fc.property(stepsArb(60), (steps) => {
        expect(summarizeExtractively(steps)).toBe(reference.summarizeExtractively(steps));
        const fast = createExtractiveAccumulator();
        const ref = reference.createExtractiveAccumulator();
        for (const s of steps) {
          fast.add(s);
          ref.add(s);
          expect(fast.text()).toBe(ref.text());
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('on a real run of 3,000 steps', () => {
    const steps = longHistory(2_000).slice(0, 3_000);
    expect(summarizeExtractively(steps)).toBe(reference.summarizeExtractively(steps));
  });
});
