import { describe, expect, it } from 'vitest';
import { stepFromDict } from '../format/native';
import { filterSteps, summarizeStep, visualizeTimeline } from './inspect';

const steps = [
  { type: 'SystemPromptStep', data: { content: 'You are a code analysis expert.' } },
  { type: 'TaskStep', data: { task: 'Analyze this Python code for bugs.' } },
  {
    type: 'ActionStep',
    data: { raw_llm_response: 'read', tool_name: 'read_file', observation: 'ok' },
  },
  { type: 'ActionStep', data: { raw_llm_response: 'run', tool_name: 'run', error: 'boom' } },
  { type: 'ScratchpadStep', data: { content: 'remember', raw_llm_response: 'note' } },
].map((d, i) => stepFromDict(d, i));

describe('seed 000 helpers', () => {
  it('filters by type, range and error status', () => {
    expect(
      filterSteps(steps, { types: ['action'], afterStep: 1, withError: false }).map((s) => s.id),
    ).toEqual(['step-2']);
    expect(filterSteps(steps, { withError: true }).map((s) => s.id)).toEqual(['step-3']);
    expect(filterSteps(steps, { beforeStep: 2 }).map((s) => s.kind)).toEqual([
      'system-prompt',
      'task',
    ]);
  });

  it('summarizes each step on one line, as the seed prints it', () => {
    expect(steps.map(summarizeStep)).toEqual([
      'SystemPrompt: You are a code analysis expert....',
      'Task: Analyze this Python code for bugs....',
      'Action: read_file (OK)',
      'Action: run (ERROR)',
      'Scratchpad: remember...',
    ]);
    expect(visualizeTimeline(steps).split('\n')[2]).toBe(
      '[--:--:--] [0] SystemPrompt: You are a code analysis expert....',
    );
  });

  it('rejects an unknown step type with the seed message', () => {
    expect(() => stepFromDict({ type: 'WeirdStep', data: {} })).toThrow(
      'Unknown step type: WeirdStep',
    );
  });
});
