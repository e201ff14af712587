/** Small builders for hand-written test histories (ids and step numbers by position). */
import type { ActionStep, Step, StepDraft, ToolCall } from '../lib/model/types';
import { extractiveSummarizer } from '../lib/strategies/summarizer';
import type { StrategyContext } from '../lib/strategies/types';
import { createStepTokens } from '../lib/tokens/step-tokens';

export function history(...drafts: (StepDraft & { planStepId?: string })[]): Step[] {
  return drafts.map((d, i) => ({ ...d, id: `s${i}`, stepNumber: i }) as Step);
}

export const system = (content: string) => ({ kind: 'system-prompt' as const, content });
export const task = (t: string) => ({ kind: 'task' as const, task: t });
export const answer = (a: string) => ({ kind: 'final-answer' as const, answer: a });
export function act(
  text: string,
  calls: Omit<ToolCall, 'id'>[] = [],
  extra: Partial<ActionStep> = {},
) {
  const id = Math.random().toString(36).slice(2, 8);
  return {
    kind: 'action' as const,
    modelOutput: text,
    toolCalls: calls.map((c, i) => ({ ...c, id: `${c.name}-${id}-${i}` })),
    isFinal: false,
    ...extra,
  };
}

/** Every step costs 10 tokens, a request 3 more: contexts can be computed by hand. */
export function flatContext(contextWindow = 1_000): StrategyContext {
  const base = createStepTokens('heuristic');
  return {
    tokens: {
      counter: base.counter,
      dialect: 'openai',
      step: () => 10,
      context: (steps) => 3 + 10 * steps.length,
    },
    contextWindow,
    summarizer: extractiveSummarizer,
  };
}
