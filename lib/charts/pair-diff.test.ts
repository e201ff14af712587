/** The paired view's bars and medians, on hand-checked points and on the two real GAIA fleets. */
import { describe, expect, it } from 'vitest';
import { preparePairBars, pairMedians, type PairPoint } from './pair-diff';

const point = (task: string, steps: number, input: number, cost: number | null, solved = 'both') =>
  ({ task, diff: { steps, inputTokens: input, costUsd: cost }, solved }) satisfies PairPoint;

describe('pair charts', () => {
  const points = [
    point('t3', 2, 500, 0.5),
    point('t1', -4, -1000, null, 'a'),
    point('t2', 0, -1000, -0.25, 'b'),
    point('t4', 1, 0, 0.1),
  ];

  it("orders the bars from B's largest saving to its largest extra, ties by task", () => {
    expect(preparePairBars(points).map((b) => [b.task, b.dInput, b.solved])).toEqual([
      ['t1', -1000, 'a'],
      ['t2', -1000, 'b'],
      ['t4', 0, 'both'],
      ['t3', 500, 'both'],
    ]);
  });

  it('takes medians over the tasks (cost over the priced ones) and counts where B sends less', () => {
    expect(pairMedians(points)).toEqual({
      steps: 0.5,
      inputTokens: -500,
      costUsd: 0.1,
      bLess: 2,
      bMore: 1,
    });
    expect(pairMedians([])).toMatchObject({ steps: null, inputTokens: null, costUsd: null });
  });
});
