import { describe, expect, it } from 'vitest';
import { getStrategy, parseParams } from '../strategies';
import { runOf } from './config';
import { PRESETS } from './presets';

const preset = (id: string) => {
  const p = PRESETS.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return { ...p, params: parseParams(getStrategy(p.choice.strategyId), p.choice.params) };
};

describe('presets from the literature', () => {
  it('every preset has a unique id and valid parameters and run', () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      expect(() => parseParams(getStrategy(p.choice.strategyId), p.choice.params)).not.toThrow();
      expect(() => runOf(p.choice)).not.toThrow();
    }
  });

  it('observation masking M=10 before every call, stateless (Lindenbauer et al. 2025)', () => {
    const p = preset('observation-masking-m10');
    expect(p.label).toBe('Observation masking, M=10 (Lindenbauer et al. 2025)');
    expect(p.params).toEqual({
      keepLast: 10,
      placeholder: 'Old environment output: ({lines} lines omitted)',
      polling: 1,
    });
    expect(runOf(p.choice)).toEqual({
      mode: 'stateless',
      trigger: { kind: 'every-call', onOverflow: false },
    });
    const polling = preset('observation-masking-m10-polling');
    expect(polling.params).toMatchObject({ keepLast: 10, polling: 10 });
    expect(polling.description).toMatch(/^Our variant/);
  });

  it('Anthropic context editing defaults: trigger 100,000 input tokens, keep 3, clear_at_least off', () => {
    const p = preset('anthropic-clear-tool-uses');
    expect(p.label).toBe('Anthropic context editing defaults');
    expect(p.params).toMatchObject({ triggerTokens: 100_000, keep: 3, clearAtLeast: 0 });
    expect(p.params).toMatchObject({ placeholder: '[cleared]', clearToolInputs: false });
  });

  it('last 5 tool pairs (Lodha et al. 2026): every call, the last 5 tool results kept', () => {
    const p = preset('lodha-last-5-tool-pairs');
    expect(p.choice.strategyId).toBe('clear-tool-uses');
    expect(p.params).toMatchObject({ triggerTokens: 0, keep: 5, clearAtLeast: 0 });
    expect(runOf(p.choice).trigger.kind).toBe('every-call');
  });
});
