/** Pairing two fleets task by task: who solves what, the differences, tasks only one side ran. */
import { describe, expect, it } from 'vitest';
import type { FleetRun } from './aggregate';
import { pairFleets } from './pair';

function run(
  index: number,
  task: string,
  resolved: boolean | null,
  steps: number,
  costUsd: number | null,
): FleetRun {
  return {
    index,
    file: `${task}.traj.json`,
    run: 0,
    id: task,
    task,
    model: null,
    outcome: { label: null, resolved, reward: null },
    steps,
    calls: steps - 1,
    baseline: {
      inputTokens: steps * 1000,
      peakContextTokens: 0,
      overflowCalls: 0,
      costUsd,
      uncachedCostUsd: costUsd,
    },
    strategies: [],
  };
}

describe('pairFleets', () => {
  const a = [
    run(0, 't1', true, 10, 1),
    run(1, 't2', true, 20, 2),
    run(2, 't3', false, 30, 3),
    run(3, 't4', false, 5, 1),
    run(4, 'a-only', true, 5, 1),
  ];
  const b = [
    run(0, 't4', true, 9, 2),
    run(1, 't3', false, 25, 1),
    run(2, 't2', false, 20, 2),
    run(3, 't1', true, 12, 1.5),
    run(4, 'b-only', null, 1, 0),
  ];
  const { tasks, summary } = pairFleets(a, b);

  it('matches on the task id, sorted, whatever order each fleet lists them in', () => {
    expect(tasks.map((t) => [t.task, t.solved])).toEqual([
      ['t1', 'both'],
      ['t2', 'a'],
      ['t3', 'neither'],
      ['t4', 'b'],
    ]);
    expect(summary).toMatchObject({
      matched: 4,
      onlyInA: ['a-only'],
      onlyInB: ['b-only'],
      bothSolve: 1,
      neitherSolves: 1,
      onlyASolves: ['t2'],
      onlyBSolves: ['t4'],
      unknown: 0,
    });
  });

  it('gives B minus A per task and over the matched tasks', () => {
    expect(tasks[0]?.diff).toEqual({ steps: 2, calls: 2, inputTokens: 2000, costUsd: 0.5 });
    expect(summary.diff.steps).toBe(2 + 0 - 5 + 4);
    expect(summary.diff.inputTokens).toBe(1000 * (2 + 0 - 5 + 4));
    expect(summary.diff.costUsd).toBeCloseTo(0.5 + 0 - 2 + 1, 12);
    expect(summary.diff.stepsMedian).toBe(1);
  });

  it('says unknown where an outcome is not recorded, and has no cost when a side is unpriced', () => {
    const out = pairFleets([run(0, 'x', null, 3, null)], [run(0, 'x', true, 3, 1)]);
    expect(out.tasks[0]?.solved).toBe('unknown');
    expect(out.summary.diff.costUsd).toBeNull();
  });

  it("matches a task's first run when a fleet ran it several times (tau-bench trials)", () => {
    const out = pairFleets(
      [run(1, 'Task 3', false, 4, 1), run(0, 'Task 3', true, 2, 1)],
      [run(0, 'Task 3', true, 3, 1)],
    );
    expect(out.tasks[0]?.a.index).toBe(0);
    expect(out.tasks[0]?.solved).toBe('both');
  });
});
