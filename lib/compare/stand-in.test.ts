import { describe, expect, it } from 'vitest';
import type { SummaryStep } from '../model/types';
import { createStrategyContext } from '../strategies/context';
import { sampleRun } from '../../test/samples';
import { compareStrategies } from './compare';
import { standInNote, standInNoteOf } from './stand-in';

const history = sampleRun('tau-bench-airline-task3.json');
const ctx = createStrategyContext({ tokenizer: 'heuristic', dialect: 'openai', model: 'gpt-4o' });

describe('summaries Stepscope writes are labelled as stand-ins', () => {
  it('labels the summarizing window’s extractive summaries, and says a framework asks a model', () => {
    const [col] = compareStrategies(
      history,
      [{ strategyId: 'summarizing-window', params: { triggerTokens: 2_000 } }],
      ctx,
    ).columns;
    const steps = col?.result?.steps ?? [];
    expect(steps.some((s) => s.kind === 'summary' && s.origin === 'extractive')).toBe(true);
    expect(standInNoteOf(steps, 'summarizing-window')).toMatch(
      /^Extractive stand-in: .*a real framework asks a model for this summary\.$/,
    );
    // Nothing to label where no summary was written.
    expect(standInNoteOf(history.steps, 'none')).toBeUndefined();
  });

  it('names seed 003’s extractive_summary for plan steps, and never labels a model’s own summary', () => {
    const summary: SummaryStep = {
      kind: 'summary',
      id: 's',
      stepNumber: 1,
      content: 'the plan step in short',
      replaces: [],
      origin: 'extractive',
    };
    expect(standInNote(summary, 'summarize-plan-steps')).toContain(
      "seed 003's `extractive_summary`",
    );
    expect(standInNote({ ...summary, origin: 'model' }, 'summarize-plan-steps')).toBeUndefined();
  });
});
