import { describe, expect, it } from 'vitest';
import { outcomeKind } from './run-summary';

describe('outcomeKind', () => {
  it.each([
    ['reward 1', 'resolved'],
    ['reward 0', 'failed'],
    ['reward 0.93', 'partial'],
    ['resolved', 'resolved'],
    ['not resolved', 'failed'],
    ['error: the sandbox died', 'error'],
    ['Submitted', 'submitted'],
    ['submitted (exit_cost)', 'submitted'],
    ['exit_cost', 'error'],
    ['LimitsExceeded', 'error'],
    ['TimeoutExpired', 'error'],
    ['match "C" · target 4', 'resolved'],
    ['match "I" · target 4', 'failed'],
    ['match "P"', 'partial'],
    ['accuracy 1 · target yes', 'resolved'],
    ['accuracy 0', 'failed'],
    // smolagents' benchmark runs: the benchmark's own exact match after normalize_answer.
    ['answer 42 · expected 41', 'failed'],
    ['answer Paris. · expected paris', 'resolved'],
    ['answer 42', 'other'],
  ] as const)('%s is %s', (outcome, kind) => expect(outcomeKind(outcome)).toBe(kind));

  it('is undefined when no outcome is recorded', () => {
    expect(outcomeKind(undefined)).toBeUndefined();
    expect(outcomeKind('')).toBeUndefined();
  });
});
