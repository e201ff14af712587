import { describe, expect, it } from 'vitest';
import { importSources } from '../import/files';
import { parseSource } from '../import';
import { modelCallIndices } from '../model/steps';
import { createStepTokens } from '../tokens/step-tokens';
import { sampleText } from '../../test/samples';
import { contextsAnswer } from './compare-requests';

const file = importSources([parseSource(sampleText('tau-bench-airline-task3.json'), 'tau.json')]);
const tokensFor = () => createStepTokens('heuristic', 'openai');
const target = { run: 0, sub: [], tokenizer: 'heuristic', dialect: 'openai' } as const;
const calls = modelCallIndices(file.histories[0]?.steps ?? []);

describe('the context-at answer', () => {
  it('carries each choice’s context, its fates at the call, and the prefix they share', () => {
    const answer = contextsAnswer(
      file,
      {
        type: 'context-at',
        requestId: -1,
        target,
        choices: [
          { strategyId: 'keep-last-n-steps', params: { n: 2 } },
          { strategyId: 'observation-masking', params: { keepLast: 2 } },
          { strategyId: 'keep-last-n-steps', params: { n: 'two' } },
        ],
        stepIndex: calls[12] as number,
      },
      tokensFor,
    );
    expect(answer.stepIndex).toBe(calls[12]);
    expect(answer.fates.map((f) => f?.length)).toEqual([calls[12], calls[12], undefined]);
    expect(answer.contexts[2]).toEqual([]);
    expect(answer.fates[0]?.some((f) => f.kind === 'removed')).toBe(true);
    expect(answer.fates[1]?.some((f) => f.kind === 'truncated')).toBe(true);
    // The system prompt and the first task open both contexts; the refused choice does not count.
    expect(answer.shared.steps).toBe(2);
    expect(answer.shared.tokens).toBeGreaterThan(0);
    expect(answer.tokens[0]).toBeLessThan(answer.tokens[1] as number);
  });

  it('answers a step that is no model call with the next call', () => {
    const answer = contextsAnswer(
      file,
      {
        type: 'context-at',
        requestId: -1,
        target,
        choices: [{ strategyId: 'none', params: {} }],
        stepIndex: 3,
      },
      tokensFor,
    );
    expect(answer.stepIndex).toBe(4);
    expect(answer.contexts[0]).toHaveLength(4);
  });
});
