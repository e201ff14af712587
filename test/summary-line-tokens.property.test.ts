/**
 * A summary's tokens counted from its accumulator's per-line counts (summarizer.ts
 * `SummaryAccumulator.tokens`, prefix-summaries.ts `accumulatedSummaryTokens`, what the summarizing
 * window's replay counts) equal the summary step counted whole, after every step added: in either
 * BPE tokenizer and every dialect, on generated histories (tool names with newlines, slashes and
 * spaces among them) and on a real run. And the window's replay, which reads every summary from
 * one accumulator, against applying it before every call on a real run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longHistory } from '../bench/history';
import type { Dialect } from '../lib/messages/types';
import type { Step, SummaryStep } from '../lib/model/types';
import { accumulatedSummaryTokens, summaryTokens } from '../lib/strategies/prefix-summaries';
import { createExtractiveAccumulator, summarizeExtractively } from '../lib/strategies/summarizer';
import { createStepTokens } from '../lib/tokens/step-tokens';
import type { TokenizerId } from '../lib/tokens/tokenizer';
import { modelCallIndices } from '../lib/model/steps';
import { contextsByDefinition } from '../lib/simulate/every-call';
import { parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { summarizingWindow } from '../lib/strategies/summarizing-window';
import { stepsArb } from './arbitraries';

const RUNS = Number(process.env.FC_RUNS ?? 150);

const FIELDS: SummaryStep = {
  kind: 'summary',
  id: 'summary',
  stepNumber: 0,
  content: '',
  replaces: [],
  origin: 'extractive',
};

const dialects: Dialect[] = [
  'recorded',
  'anthropic',
  'smolagents',
  'session-trajectory',
  'strands',
];

/** Tool calls renamed from a list that has names a line could be cut inside. */
const renamed = fc
  .tuple(
    stepsArb(50),
    fc.array(fc.constantFrom('bash', 'a\nb', 'x\n/y', '\nz', ' s p', '/slash', 'édit 🎉'), {
      minLength: 1,
      maxLength: 8,
    }),
  )
  .map(([steps, names]) =>
    steps.map((s, i): Step =>
      s.kind === 'action'
        ? {
            ...s,
            toolCalls: s.toolCalls.map((c, j) => ({
              ...c,
              name: names[(i + j) % names.length] as string,
            })),
          }
        : s,
    ),
  );

/** After every step: the count by lines (or, where it has none, by text) against the whole step. */
function agrees(steps: readonly Step[], tokenizer: TokenizerId, dialect: Dialect): number {
  const acc = createExtractiveAccumulator();
  const byLines = createStepTokens(tokenizer, dialect);
  const other = createStepTokens(tokenizer, dialect);
  const fresh = createStepTokens(tokenizer, dialect);
  let counted = 0;
  steps.forEach((s, i) => {
    acc.add(s);
    // Two counters in turn: each line's counts are kept per counter.
    const tokens = i % 3 === 0 ? other : byLines;
    // The summary written afresh from the steps so far, counted whole.
    const whole = fresh.step({ ...FIELDS, content: summarizeExtractively(steps.slice(0, i + 1)) });
    const lines = accumulatedSummaryTokens(tokens, FIELDS, acc);
    if (lines !== undefined) counted++;
    expect(lines ?? summaryTokens(tokens, { ...FIELDS, content: acc.text() })).toBe(whole);
  });
  return counted;
}

describe('a summary counted from its accumulated lines', () => {
  it('has the tokens of the whole summary step, after every step added', () => {
    fc.assert(
      fc.property(
        fc.oneof(stepsArb(50), renamed),
        fc.constantFrom('o200k_base', 'cl100k_base', 'heuristic') as fc.Arbitrary<TokenizerId>,
        fc.constantFrom(...dialects),
        (steps, tokenizer, dialect) => {
          agrees(steps, tokenizer, dialect);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('on a real run, in every dialect, counted by lines at every step', () => {
    const steps = longHistory(300);
    for (const dialect of dialects) {
      expect(agrees(steps, 'o200k_base', dialect)).toBeGreaterThan(0);
    }
    expect(agrees(steps, 'o200k_base', 'strands')).toBe(steps.length);
  });

  it("gives the summarizing window's replay on a real run the contexts applying it gives", () => {
    // Many rounds a call (a low trigger), each summary read from the one accumulator's counts.
    const steps = longHistory(150);
    for (const dialectModel of ['gpt-4o', 'claude-sonnet-4-5']) {
      const ctx = createStrategyContext({ model: dialectModel });
      for (const raw of [{ triggerTokens: 3_000 }, { triggerTokens: 8_000, summaryRatio: 0.5 }]) {
        const params = parseParams(summarizingWindow, raw);
        const calls = modelCallIndices(steps);
        const replayed = summarizingWindow.replayTokens?.({ steps }, calls, params, ctx);
        const defined = contextsByDefinition({ steps }, summarizingWindow, params, ctx);
        expect(replayed).toEqual(defined.calls.map((c) => c.contextTokens));
      }
    }
  });
});
