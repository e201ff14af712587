import { describe, expect, it } from 'vitest';
import { calibrateChoice, providerThreshold, usableFit } from './calibrate';
import { compactionPresetFor, insteadOfRecorded, presetOf, PRESETS } from './presets';
import { decodeChoices, encodeChoices, sameChoice } from './config';

const preset = (id: string) => PRESETS.find((p) => p.id === id)!.choice;

describe('calibrating a compaction preset on the file', () => {
  it("reads each preset's threshold in provider tokens", () => {
    expect(providerThreshold(preset('pi-compact'), 200_000)).toBe(183_616);
    expect(providerThreshold(preset('codex-compact'), 272_000)).toBe(244_800);
    expect(providerThreshold(preset('gemini-cli-compress'), 1_048_576)).toBe(524_288);
    expect(providerThreshold(preset('claude-code-compact'), 200_000)).toBe(167_000);
  });

  it('turns them into counted tokens: (T − offset) / scale, kept budgets / scale', () => {
    const fit = { offsetTokens: 2_661, scale: 1.257 };
    const pi = calibrateChoice(preset('pi-compact'), fit, 200_000);
    expect(pi?.params).toEqual({ thresholdTokens: 143_958, keepRecentTokens: 15_911 });
    expect(pi?.run).toEqual(preset('pi-compact').run);
    const codex = calibrateChoice(preset('codex-compact'), fit, 272_000);
    expect(codex?.params).toEqual({ thresholdTokens: 192_632, keepTaskTokens: 15_911 });
    expect(calibrateChoice(preset('gemini-cli-compress'), fit, 1_000_000)?.params).toEqual({
      thresholdTokens: 395_656,
      keepRecentShare: 0.3,
    });
    expect(calibrateChoice(preset('strands-summarizing'), fit, 200_000)).toBeUndefined();
  });

  it('calibrates only on a fit from three calls or more with a tokenizer-like scale', () => {
    expect(usableFit({ offsetTokens: 10, scale: 1.1, reportedCalls: 2 })).toBeUndefined();
    expect(usableFit({ offsetTokens: 10, scale: 3, reportedCalls: 9 })).toBeUndefined();
    expect(usableFit({ offsetTokens: 10, scale: 1.1, reportedCalls: 3 })).toEqual({
      offsetTokens: 10,
      scale: 1.1,
    });
  });
});

describe('the preset beside a run', () => {
  it("follows the Claude Code session's version: window − 45,000 up to 2.1.20, − 33,000 from 2.1.25", () => {
    const cc = (version?: string) =>
      compactionPresetFor({ format: 'claude-code', ...(version ? { meta: { version } } : {}) })?.id;
    expect(cc('2.1.1')).toBe('claude-code-compact-2.1.20');
    expect(cc('2.1.20')).toBe('claude-code-compact-2.1.20');
    expect(cc('2.0.76')).toBe('claude-code-compact-2.1.20');
    expect(cc('2.1.25')).toBe('claude-code-compact');
    expect(cc('2.2.0')).toBe('claude-code-compact');
    expect(cc(undefined)).toBe('claude-code-compact');
    expect(providerThreshold(preset('claude-code-compact-2.1.20'), 200_000)).toBe(155_000);
    expect(compactionPresetFor({ format: 'pi' })?.id).toBe('pi-compact');
    expect(compactionPresetFor({ format: 'letta' })).toBeUndefined();
  });
});

describe('a preset after the URL round trip', () => {
  it('is still recognised, run instead of the recorded compactions or not', () => {
    for (const p of PRESETS) {
      for (const choice of [p.choice, insteadOfRecorded(p.choice)]) {
        const [back] = decodeChoices(encodeChoices([choice]));
        expect(sameChoice(back!, choice), p.id).toBe(true);
        expect(presetOf(back!)?.id, p.id).toBe(p.id);
      }
    }
    expect(sameChoice(PRESETS[0]!.choice, insteadOfRecorded(PRESETS[0]!.choice))).toBe(false);
  });
});
