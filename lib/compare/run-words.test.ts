import { describe, expect, it } from 'vitest';
import { describeRun } from '../simulate/run-config';
import { runOf } from './config';
import { PRESETS } from './presets';
import { runWords } from './run-words';

const preset = (id: string) => PRESETS.find((p) => p.id === id)!.choice;

describe('a run in words says what really happens', () => {
  it('Claude Code auto-compact is checked before every call and compacts only past its threshold', () => {
    const choice = preset('claude-code-compact');
    // Without the strategy's gate the trigger alone reads as a compaction before every call.
    expect(describeRun(runOf(choice))).toBe('in place, before every call');
    expect(runWords(choice, runOf(choice), 200_000)).toBe(
      'in place, checked before every call; compacts only once the context passes 167,000 tokens (the window minus 33,000)',
    );
    expect(runWords(preset('codex-compact'), runOf(preset('codex-compact')), 400_000)).toBe(
      'in place, checked before every call; compacts only once the context passes 360,000 tokens (90% of the window)',
    );
  });

  it("Anthropic's context editing clears past its trigger; a strategy without a gate keeps the trigger's words", () => {
    const anthropic = preset('anthropic-clear-tool-uses');
    expect(runWords(anthropic, runOf(anthropic), 200_000)).toBe(
      'stateless, checked before every call; clears only once the prompt passes 100,000 input tokens',
    );
    const keep = preset('seed-001-threshold');
    expect(runWords(keep, runOf(keep), 200_000)).toBe(
      'in place, when the history holds more than 20 steps',
    );
    // Refused parameters keep the trigger's words; the card shows the problem.
    expect(
      runWords({ strategyId: 'clear-tool-uses', params: { keep: -1 } }, runOf(anthropic), 1),
    ).toBe('stateless, before every call');
  });
});
