import { describe, expect, it } from 'vitest';
import { stepFromDict } from '../format/native';
import { keepLastNSteps } from './keep-last-n-steps';
import { MemoryManager } from './memory-manager';

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

describe('MemoryManager (seed 001)', () => {
  it('numbers steps on add and counts actions', () => {
    const m = new MemoryManager();
    for (const s of steps) m.add({ ...s, stepNumber: 99 });
    expect(m.steps.map((s) => s.stepNumber)).toEqual([0, 1, 2, 3, 4]);
    expect(m.actionCount).toBe(2);
    expect(m.getStepsByType('scratchpad')).toHaveLength(1);
    expect(m.toMessages('tinyagent')[0]).toEqual({
      role: 'system',
      content: 'You are a code analysis expert.',
    });
  });

  it('prunes into a new manager and leaves the original whole', () => {
    const m = new MemoryManager(steps);
    const { manager, result } = m.prune(keepLastNSteps, { n: 1 });
    expect(manager.steps.map((s) => s.kind)).toEqual(['system-prompt', 'task', 'scratchpad']);
    expect(result.fates.map((f) => f.kind)).toEqual(['kept', 'kept', 'removed', 'removed', 'kept']);
    expect(m.steps).toHaveLength(5);
    m.clear();
    expect(m.steps).toHaveLength(0);
    expect(manager.steps).toHaveLength(3);
  });
});
