import { describe, expect, it } from 'vitest';
import { act, history, system, task } from '../../test/build';
import type { Step } from '../model/types';
import { createStepTokens } from '../tokens/step-tokens';
import { parseParams } from '.';
import { compactConversation } from './compact-conversation';
import { extractiveSummarizer } from './summarizer';
import type { StrategyContext } from './types';

/** Every step costs 100 tokens, a request 0 more: thresholds can be checked by hand. */
function ctx(contextWindow: number): StrategyContext {
  const base = createStepTokens('heuristic');
  return {
    tokens: { ...base, step: () => 100, context: (steps) => 100 * steps.length },
    contextWindow,
    summarizer: extractiveSummarizer,
  };
}

// s0 system, s1 task, s2–s5 actions, s6 a second user message, s7–s9 actions: 1,000 tokens.
const steps: Step[] = history(
  system('sys'),
  task('first ask'),
  act('a'),
  act('b'),
  act('c'),
  act('d'),
  task('second ask'),
  act('e'),
  act('f'),
  act('g'),
);
const run = (params: object, window = 1_000) =>
  compactConversation.apply(
    { steps },
    parseParams(compactConversation, params) as never,
    ctx(window),
  );
const ids = (out: readonly Step[]) => out.map((s) => (s.kind === 'summary' ? 'Σ' : s.id));

describe('compact-conversation', () => {
  it('Claude Code (defaults): everything but the system prompt into one summary past window − reserve', () => {
    expect(ids(run({ reserveTokens: 0 }).steps)).toEqual([
      's0',
      's1',
      's2',
      's3',
      's4',
      's5',
      's6',
      's7',
      's8',
      's9',
    ]);
    expect(ids(run({ reserveTokens: 1 }).steps)).toEqual(['s0', 'Σ']);
  });

  it('thresholdShare compacts past that share of the window (Codex 0.9)', () => {
    expect(ids(run({ thresholdShare: 0.9 }, 1_112).steps)).toHaveLength(10);
    expect(ids(run({ thresholdShare: 0.9 }, 1_110).steps)).toEqual(['s0', 'Σ']);
  });

  it('keepRecentTokens keeps the newest steps back to that many tokens, the crossing one included (pi)', () => {
    expect(ids(run({ thresholdTokens: 0, keepRecentTokens: 250 }).steps)).toEqual([
      's0',
      'Σ',
      's7',
      's8',
      's9',
    ]);
    expect(ids(run({ thresholdTokens: 0, keepRecentTokens: 300 }).steps)).toEqual([
      's0',
      'Σ',
      's7',
      's8',
      's9',
    ]);
  });

  it('keepRecentShare keeps the newest share of the compacted steps, never more (Gemini CLI 0.3)', () => {
    // Nine steps of 100 tokens: 30% is 270, so two steps.
    expect(ids(run({ thresholdTokens: 0, keepRecentShare: 0.3 }).steps)).toEqual([
      's0',
      'Σ',
      's8',
      's9',
    ]);
  });

  it("keepTaskTokens keeps the user's messages, newest first, before the summary (Codex)", () => {
    expect(ids(run({ thresholdTokens: 0, keepTaskTokens: 150 }).steps)).toEqual(['s0', 's6', 'Σ']);
    expect(ids(run({ thresholdTokens: 0, keepTaskTokens: 200 }).steps)).toEqual([
      's0',
      's1',
      's6',
      'Σ',
    ]);
    const result = run({ thresholdTokens: 0, keepTaskTokens: 200 });
    expect(result.notes[0]).toMatch(/compacted 7 steps .* kept 2 user message\(s\)/);
  });

  it('rejects a misspelled parameter, naming the expected ones', () => {
    expect(() => parseParams(compactConversation, { keepRecentToken: 5 })).toThrow(
      /keepRecentToken.*keepRecentTokens/s,
    );
  });
});

describe('compact-conversation parameters', () => {
  it('refuses two thresholds, or two ways of keeping the newest steps, at once', () => {
    expect(() =>
      parseParams(compactConversation, { thresholdTokens: 10, thresholdShare: 0.5 }),
    ).toThrow(/thresholdTokens or thresholdShare, not both/);
    expect(() =>
      parseParams(compactConversation, { keepRecentTokens: 10, keepRecentShare: 0.3 }),
    ).toThrow(/keepRecentTokens or keepRecentShare, not both/);
    expect(
      parseParams(compactConversation, { keepRecentTokens: 0, keepRecentShare: 0.3 }),
    ).toMatchObject({
      keepRecentShare: 0.3,
    });
  });
});
