/** A run's task id, outcome and results-file verdict, and the strategies --strategies names. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import { expectedGaiaPair } from '../../test/gaia-pair';
import { PRESETS } from '../compare/presets';
import { resolveStrategies } from './choices';
import { resolvedByTask } from './results';
import { outcomeOf, taskIdOf } from './run';

describe('taskIdOf', () => {
  it('reads the instance of real SWE-bench runs and the task of real tau-bench runs', () => {
    const fleet = importFixture('fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/trajs');
    expect(fleet.histories.map(taskIdOf).slice(0, 2)).toEqual([
      'astropy__astropy-13033',
      'astropy__astropy-13579',
    ]);
    // Files named after more than their instance: the title after the path names it.
    const named = importFixture('real/mini-swe-agent');
    expect(named.histories.map(taskIdOf)).toContain('astropy__astropy-12907');
    const tau = importFixture('real/openai-chat/tau-bench__tool-calling-grok-3.json');
    expect(tau.histories.slice(0, 2).map(taskIdOf)).toEqual(['Task 0', 'Task 1']);
    expect(taskIdOf({ id: 'run-9', title: 'results.json · Task 3 · trial 1' })).toBe('Task 3');
  });
});

describe('outcomeOf', () => {
  it('solves a reward of 1, not an exit status, and lets a results file decide', () => {
    expect(outcomeOf({ outcome: 'reward 1' }, undefined)).toEqual({
      label: 'reward 1',
      resolved: true,
      reward: 1,
    });
    expect(outcomeOf({ outcome: 'reward 0.5' }, undefined).resolved).toBe(false);
    expect(outcomeOf({ outcome: 'Submitted' }, undefined).resolved).toBeNull();
    expect(outcomeOf({ outcome: 'Submitted' }, false).resolved).toBe(false);
    expect(outcomeOf({}, undefined)).toEqual({ label: null, resolved: null, reward: null });
  });

  it('reads the verdicts other formats record: OpenHands, Inspect', () => {
    expect(outcomeOf({ outcome: 'resolved' }, undefined).resolved).toBe(true);
    expect(outcomeOf({ outcome: 'not resolved' }, undefined).resolved).toBe(false);
    expect(outcomeOf({ outcome: 'match "C" · target 4' }, undefined).resolved).toBe(true);
    expect(outcomeOf({ outcome: 'match "I" · target 4' }, undefined).resolved).toBe(false);
    expect(outcomeOf({ outcome: 'error: sandbox died' }, undefined).resolved).toBeNull();
  });

  it("judges smolagents' GAIA runs by their answer as the benchmark's score files count them", () => {
    const expected = expectedGaiaPair();
    const verdicts = (rel: string) =>
      importFixture(rel).histories.map((h) => outcomeOf(h, undefined).resolved);
    const a = verdicts('real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl');
    const b = verdicts('fleet-b/smolagents-gaia/gpt-4o__tool-calling__gaia__2025-07-24.jsonl');
    // 32 questions each; one expected answer is cut at 80 characters by the label: unjudged.
    expect(a.filter((v) => v === true)).toHaveLength(expected.scoreFiles.a);
    expect(b.filter((v) => v === true)).toHaveLength(expected.scoreFiles.b);
    expect([a, b].map((v) => v.filter((x) => x === null).length)).toEqual([1, 1]);
  });
});

describe('resolvedByTask', () => {
  it("reads the submission's results_summary.json", () => {
    const file =
      'test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/results_summary.json';
    const map = resolvedByTask(JSON.parse(readFileSync(file, 'utf8')));
    expect(map.size).toBe(500);
    expect([...map.values()].filter(Boolean).length).toBe(371);
  });

  it('reads the SWE-bench harness report: completed and not resolved is unresolved', () => {
    const map = resolvedByTask({ completed_ids: ['a', 'b'], resolved_ids: ['b'] });
    expect([...map]).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(() => resolvedByTask({ runs: [] })).toThrow(/not a results file/);
  });
});

describe('resolveStrategies', () => {
  it('takes presets with their run, strategy ids with their defaults, and the URL form', () => {
    const [preset, plain] = resolveStrategies('tinyagent-last-5, clear-tool-uses');
    expect(preset?.choice).toBe(PRESETS.find((p) => p.id === 'tinyagent-last-5')?.choice);
    expect(plain).toEqual({
      id: 'clear-tool-uses',
      choice: { strategyId: 'clear-tool-uses', params: {} },
    });
    const url = resolveStrategies('keep-last-n-steps~{"n":3}|none');
    expect(url.map((c) => [c.id, c.choice.strategyId, c.choice.params])).toEqual([
      ['keep-last-n-steps~{"n":3}', 'keep-last-n-steps', { n: 3 }],
      ['none', 'none', {}],
    ]);
    expect(() => resolveStrategies('nope')).toThrow(/unknown strategy or preset "nope"/);
    expect(() => resolveStrategies('none,none')).toThrow(/twice/);
  });
});
