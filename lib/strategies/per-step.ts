/**
 * Strategies whose decision for a step does not depend on the prefix it sits in, beyond simple
 * counts (seed 001's strategies, smolagents' summary mode) share a linear replay: prefix sums over
 * each step's kept variant.
 */
import type { Step } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';

/** Running sums: `sums[i]` = Σ tokens of `steps[0..i)` (0 for a step mapped to null). */
export function prefixSums(
  steps: readonly Step[],
  tokens: StepTokens,
  variant: (s: Step, i: number) => Step | null = (s) => s,
): number[] {
  const sums = [0];
  steps.forEach((s, i) => {
    const v = variant(s, i);
    sums.push((sums[i] as number) + (v === null ? 0 : tokens.step(v)));
  });
  return sums;
}

/** Context tokens before each call when the strategy keeps every step of the prefix as `variant`. */
export function replayPrefix(sums: readonly number[], callIndices: readonly number[]): number[] {
  return callIndices.map((k) => REPLY_PRIMING_TOKENS + (sums[k] as number));
}
