import { describe, expect, it } from 'vitest';
import { sampleRun } from '../../test/samples';
import { summarizeRuns } from '../model/run-summary';
import { createDebuggerStore } from './debugger-store';
import { neighbourStep } from './step-nav';

describe('moving the selection through the steps on screen', () => {
  it('starts at the first step going down and the last going up, and stops at the ends', () => {
    const order = ['a', 'b', 'c'];
    expect(neighbourStep(order, undefined, 1)).toBe('a');
    expect(neighbourStep(order, undefined, -1)).toBe('c');
    expect(neighbourStep(order, 'a', 1)).toBe('b');
    expect(neighbourStep(order, 'a', -1)).toBe('a');
    expect(neighbourStep(order, 'c', 1)).toBe('c');
    // A selection the order does not list (filtered out of the table) restarts from an end.
    expect(neighbourStep(order, 'zz', 1)).toBe('a');
    expect(neighbourStep([], 'a', 1)).toBeUndefined();
  });

  it("walks a real run's steps in the order given (the timeline's, or a table's sorted rows)", () => {
    const run = sampleRun('tau-bench-airline-task3.json');
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.loadSucceeded(
      {
        name: 'tau.json',
        format: 'openai-messages',
        runs: summarizeRuns({ histories: [run] }),
        warnings: [],
      },
      run,
    );
    const timeline = run.steps.map((s) => s.id);
    for (let i = 0; i < 10; i++) actions.selectNextStep(timeline);
    expect(store.getState().selectedStepId).toBe(timeline[9]);
    actions.selectPreviousStep(timeline);
    expect(store.getState().selectedStepId).toBe(timeline[8]);
    // The table sorted by tokens, largest first: the walk follows that order, not the run's.
    const byTokens = [...run.steps]
      .sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)
      .map((s) => s.id);
    actions.selectStep(byTokens[0]);
    actions.selectNextStep(byTokens);
    expect(store.getState().selectedStepId).toBe(byTokens[1]);
    // Nothing to walk: the selection stays.
    actions.selectNextStep([]);
    expect(store.getState().selectedStepId).toBe(byTokens[1]);
  });
});
