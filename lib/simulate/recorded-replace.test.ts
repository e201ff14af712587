/** A strategy run instead of the run's own compactions (run config `recorded: 'replace'`). */
import { describe, expect, it } from 'vitest';
import { flatContext } from '../../test/build';
import type { ActionStep, Step } from '../model/types';
import { none } from '../strategies/none';
import { describeRun, parseRunConfig, type RunConfig } from './run-config';
import { simulate, simulatedContextAt } from './simulate';

describe("run: recorded 'replace' (a strategy instead of the run's own compactions)", () => {
  // s0 system, s1 task, s2–s4 calls, s5 a recorded compaction of s1–s4, s6–s7 calls.
  const call = (i: number): ActionStep => ({
    kind: 'action',
    id: `s${i}`,
    stepNumber: i,
    modelOutput: `a${i}`,
    toolCalls: [],
    isFinal: false,
  });
  const steps: Step[] = [
    { kind: 'system-prompt', id: 's0', stepNumber: 0, content: 'sys' },
    { kind: 'task', id: 's1', stepNumber: 1, task: 'go' },
    ...[2, 3, 4].map(call),
    {
      kind: 'summary',
      id: 's5',
      stepNumber: 5,
      content: 'so far',
      replaces: ['s1', 's2', 's3', 's4'],
      origin: 'model',
      compaction: { recordedAs: 'compaction' },
    },
    ...[6, 7].map(call),
  ];
  const ctx = flatContext();
  const contextAt = (run: RunConfig, stepIndex: number) =>
    simulatedContextAt({ steps }, none, {}, ctx, run, stepIndex).map((s) => s.id);

  it('honours the compaction by default, and runs on the history as it grew when replacing it', () => {
    const honour = parseRunConfig({ mode: 'in-place' });
    const replace = parseRunConfig({ mode: 'in-place', recorded: 'replace' });
    expect(contextAt(honour, 6)).toEqual(['s0', 's5']);
    // The framework's summary is not sent; what it replaced still is.
    expect(contextAt(replace, 6)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    expect(contextAt(replace, 7)).toEqual(['s0', 's1', 's2', 's3', 's4', 's6']);
    const sim = simulate({ steps }, none, {}, ctx, replace);
    expect(sim.calls.map((c) => c.contextTokens)).toEqual([23, 33, 43, 53, 63]);
    expect(describeRun(replace)).toBe(
      "in place, before every call, instead of the run's own compactions",
    );
  });

  it('names a bad value and keeps the default out of the config', () => {
    expect(() => parseRunConfig({ recorded: 'ignore' })).toThrow(
      'recorded: expected one of honour, replace',
    );
    expect(parseRunConfig({ recorded: 'honour' })).toEqual(parseRunConfig({}));
  });
});
