/**
 * The preset beside a run's own compactions, reproduced on the real files (issue 22 item 3): each
 * framework's preset, run in place of the compactions the file records on the history as it grew,
 * against where the framework really compacted (the first call after each recorded compaction).
 * - OpenHands V1: base_state.json records the condenser (LLMSummarizingCondenser, max_size 80,
 *   keep_first 4); condense-events with those settings condenses before exactly the calls the run
 *   did (41, 62, 83).
 * - Claude Code 2.1.1: the preset for versions up to 2.1.20 (window − 45,000) never reaches its
 *   threshold in Stepscope's count, which misses ~38.5k tokens a call the file does not record;
 *   calibrated on the file's own usage it compacts at calls 116 and 211, where Claude Code did at
 *   125 and 210.
 * Numbers are computed by the code paths the app uses (chooseModel's window, the recorded dialect,
 * reconcile's fit); the recorded calls come from the importers, pinned in compaction-*.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { calibrateChoice, usableFit } from '../lib/compare/calibrate';
import type { StrategyChoice } from '../lib/compare/config';
import { compactionPresetFor, insteadOfRecorded, presetOf } from '../lib/compare/presets';
import type { History } from '../lib/model/types';
import { compactionMarkers, strategyCompactions } from '../lib/simulate/compactions';
import { reconcile } from '../lib/simulate/reconcile';
import { parseRunConfig } from '../lib/simulate/run-config';
import { simulate } from '../lib/simulate/simulate';
import { chooseModel } from '../lib/state/model-choice';
import { getStrategy, parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { importFixture } from './cases';

function setup(path: string) {
  const history = importFixture(path).histories[0] as History;
  const { contextWindow } = chooseModel(history, undefined);
  const ctx = createStrategyContext({ contextWindow });
  const tokens = history.steps.map((s) => ctx.tokens.step(s));
  const recordedCalls = compactionMarkers(history.steps, tokens)
    .filter((m) => m.kind === 'recorded')
    .map((m) => m.callAfter);
  const callsOf = (choice: StrategyChoice) => {
    const strategy = getStrategy(choice.strategyId);
    const run = simulate(
      history,
      strategy,
      parseParams(strategy, choice.params),
      ctx,
      parseRunConfig(choice.run),
    );
    return strategyCompactions(history.steps, run).map((c) => c.call);
  };
  return { history, ctx, tokens, contextWindow, recordedCalls, callsOf };
}

describe('the preset beside the compactions a run recorded', () => {
  it("OpenHands: the run's own condenser settings condense before exactly the calls the run did", () => {
    const { history, recordedCalls, callsOf } = setup(
      'real/openhands/openhands-benchmarks__v1_condensed_3f3d5850',
    );
    expect(history.meta?.condenser).toEqual({
      kind: 'LLMSummarizingCondenser',
      max_size: 80,
      keep_first: 4,
    });
    const preset = compactionPresetFor(history);
    expect(preset?.choice.params).toEqual({ maxSize: 80, keepFirst: 4 });
    expect(recordedCalls).toEqual([41, 62, 83]);
    expect(callsOf(insteadOfRecorded(preset!.choice))).toEqual([41, 62, 83]);
    // Honouring the run's own condensations instead, the preset has nothing left to condense.
    expect(callsOf(preset!.choice)).toEqual([]);
  });

  it('Claude Code 2.1.1: raw, never; calibrated on the file, within ten calls of each compaction', () => {
    const { history, tokens, contextWindow, recordedCalls, callsOf } = setup(
      'real/anthropic-claude-code/entireio-cli__checkpoint-b6f735fbac66.jsonl',
    );
    expect(history.meta?.version).toBe('2.1.1');
    const preset = compactionPresetFor(history);
    expect(preset?.id).toBe('claude-code-compact-2.1.20');
    expect(recordedCalls).toEqual([125, 210]);
    const instead = insteadOfRecorded(preset!.choice);
    expect(presetOf(instead)?.id).toBe('claude-code-compact-2.1.20');
    // Stepscope's count of the recorded history peaks far below 155,000: it compacts once, late.
    expect(callsOf(instead)).toEqual([198]);
    const r = reconcile(history.steps, tokens, { model: history.model, tokenizer: 'o200k_base' });
    const fit = usableFit(r);
    expect(fit?.offsetTokens).toBe(38_550);
    const calibrated = calibrateChoice(instead, fit!, contextWindow);
    expect(calibrated?.params).toEqual({ thresholdTokens: 83_150 });
    const calls = callsOf(calibrated!);
    expect(calls).toEqual([116, 211]);
    calls.forEach((c, i) => expect(Math.abs(c - (recordedCalls[i] as number))).toBeLessThan(10));
  });
});
