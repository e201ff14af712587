import { describe, expect, it } from 'vitest';
import { act, history, system, task } from '../../test/build';
import type { Step } from '../model/types';
import { getStrategy, parseParams } from './index';
import { createStrategyContext } from './context';
import {
  buildTaskHistory,
  renderTaskHistorySection,
  expandStep,
  extractiveSummary,
  renderStepHistory,
  renderTaskHistory,
  summarizeStep,
  ToolValidationError,
  type StepHistory,
} from './task-history';

const turns = [
  { turnId: 1, role: 'user' as const, content: 'Refactor auth' },
  { turnId: 2, role: 'assistant' as const, content: 'Reading the module' },
  { turnId: 3, role: 'tool' as const, content: 'auth.py: 300 lines', toolName: 'read_file' },
  { turnId: 4, role: 'tool' as const, content: 'tests pass', toolName: 'pytest' },
  { turnId: 5, role: 'assistant' as const, content: 'Done' },
];
const step: StepHistory = {
  stepId: '1',
  stepTitle: 'Read the module',
  turns,
  visibility: 'full',
  completed: true,
  sourceStepIds: [],
};

describe('seed 003 task history', () => {
  it("renders turns, summaries and the task as the seed's render() does", () => {
    expect(renderStepHistory(step)).toBe(
      'Step 1: Read the module\n  [user] Refactor auth\n  [assistant] Reading the module\n  [tool:read_file] auth.py: 300 lines\n  [tool:pytest] tests pass\n  [assistant] Done',
    );
    expect(renderStepHistory({ ...step, visibility: 'summary', summary: 'Read auth.py.' })).toBe(
      'Step 1: Read the module\n[Summary] Read auth.py.\n[Call `expand_step` with this step_id for full history]',
    );
    expect(renderStepHistory({ ...step, visibility: 'title' })).toBe('Step 1: Read the module');
    expect(renderTaskHistory({ objective: 'Refactor auth module', steps: [] })).toBe(
      'Task: Refactor auth module\n\n<no history recorded>',
    );
  });

  it('extracts the first turn, tool turns and the last turn, deduplicated, at most max_turns', () => {
    expect(extractiveSummary(step)).toBe(
      '[user] Refactor auth\n[tool:read_file] auth.py: 300 lines\n[tool:pytest] tests pass',
    );
    expect(extractiveSummary(step, 5)).toBe(
      turns
        .map((t) => (t.toolName ? `[tool:${t.toolName}] ${t.content}` : `[${t.role}] ${t.content}`))
        .join('\n'),
    );
    expect(extractiveSummary({ turns: turns.slice(0, 2) })).toBe(
      '[user] Refactor auth\n[assistant] Reading the module',
    );
  });

  it('validates summarize_step with the seed messages and expands back', () => {
    const h = { objective: 'o', steps: [step] };
    expect(() => summarizeStep(undefined, '1', 'x')).toThrow(
      new ToolValidationError('No task history to summarize.'),
    );
    expect(() => summarizeStep(h, '9', 'x')).toThrow('Step 9 not found.');
    expect(() => summarizeStep(h, '1', '   ')).toThrow('Summary must not be empty.');
    expect(() => summarizeStep(h, '1', 'é'.repeat(1001))).toThrow(
      'Summary must be <= 1000 characters.',
    );
    expect(summarizeStep(h, '1', 'é'.repeat(1000)).message).toBe('Step 1 summarized.');
    const summarized = summarizeStep(h, '1', '  Read it.  ').history;
    expect(summarized.steps[0]).toMatchObject({ visibility: 'summary', summary: 'Read it.' });
    expect(h.steps[0]?.visibility).toBe('full');
    expect(expandStep(summarized, '1').step.visibility).toBe('full');
  });

  it('splits a history without a plan at its tasks', () => {
    const steps = history(
      system('s'),
      task('First question'),
      act('a'),
      task('Follow-up'),
      act('b'),
    );
    const { history: th, groups } = buildTaskHistory(steps);
    expect(th.objective).toBe('First question');
    expect(th.steps.map((s) => [s.stepId, s.stepTitle, s.completed])).toEqual([
      ['1', 'First question', true],
      ['2', 'Follow-up', false],
    ]);
    expect(groups.map((g) => g.indices)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(th.activeStepId).toBe('2');
  });
});

describe('summarize-plan-steps', () => {
  const body = 'observation text '.repeat(60);
  const steps: Step[] = history(
    system('s'),
    task('Refactor the auth module'),
    {
      kind: 'planning',
      plan: '1. Read 2. Change 3. Test',
      planItems: [
        { id: 'p1', title: 'Read', status: 'done' },
        { id: 'p2', title: 'Change' },
        { id: 'p3', title: 'Test' },
      ],
    },
    { ...act('read', [{ name: 'read_file', arguments: {}, result: body }]), planStepId: 'p1' },
    { ...act('change', [{ name: 'edit', arguments: {}, result: body }]), planStepId: 'p2' },
    {
      kind: 'summary',
      content: 'Changed login() to use tokens.',
      replaces: [],
      origin: 'model',
      planStepId: 'p2',
    },
    { ...act('test', [{ name: 'pytest', arguments: {}, result: body }]), planStepId: 'p3' },
  );
  const ctx = createStrategyContext();
  const s = getStrategy('summarize-plan-steps');

  it('compacts the oldest completed plan step first while pressure passes 0.8, using the model summary when present', () => {
    const total = ctx.tokens.context(steps);
    // Utilization 0.9: compacting p1 to its title brings it under 0.8.
    const r = s.apply(
      { steps },
      parseParams(s, { maxTokens: Math.floor(total / 0.9), compactTo: 'title' }),
      ctx,
    );
    expect(r.fates.map((f) => f.kind)).toEqual([
      'kept',
      'kept',
      'kept',
      'summarized',
      'kept',
      'kept',
      'kept',
    ]);
    expect(r.notes[0]).toMatch(
      /^3 plan steps, 1 compacted to title; pressure \d+\.\d% \((ok|consider_summarizing)\)$/,
    );
    // The seed's extractive summary keeps tool turns whole, so summaries save little here: at 0.9
    // both completed steps go, and p3 (active) never does.
    const tight = s.apply({ steps }, parseParams(s, { maxTokens: Math.floor(total / 0.9) }), ctx);
    expect(tight.fates.map((f) => f.kind)).toEqual([
      'kept',
      'kept',
      'kept',
      'summarized',
      'summarized',
      'summarized',
      'kept',
    ]);
    const all = s.apply({ steps }, parseParams(s, { mode: 'all-completed' }), ctx);
    const p2 = all.inserted.find((x) => x.planStepId === 'p2');
    expect(p2?.kind === 'summary' && p2.content).toBe(
      'Step p2: Change\n[Summary] Changed login() to use tokens.\n[Call `expand_step` with this step_id for full history]',
    );
    expect(all.fates.at(-1)?.kind).toBe('kept');
  });

  it('leaves the history alone under low pressure and can compact to titles', () => {
    expect(s.apply({ steps }, parseParams(s, {}), ctx).fates.every((f) => f.kind === 'kept')).toBe(
      true,
    );
    const titles = s.apply(
      { steps },
      parseParams(s, { mode: 'all-completed', compactTo: 'title' }),
      ctx,
    );
    expect(titles.inserted.map((x) => x.kind === 'summary' && x.content)).toEqual([
      'Step p1: Read',
      'Step p2: Change',
    ]);
  });
});

describe('seed 003 TaskHistorySection rendering and overrides', () => {
  const steps: Step[] = [
    { kind: 'system-prompt', id: 's', stepNumber: 0, content: 'sys' },
    { kind: 'task', id: 't1', stepNumber: 1, task: 'Find the bug' },
    {
      kind: 'action',
      id: 'a1',
      stepNumber: 2,
      isFinal: false,
      modelOutput: 'Reading the file.',
      toolCalls: [{ id: 'c1', name: 'read', arguments: {}, result: 'def f(): pass' }],
    },
    { kind: 'task', id: 't2', stepNumber: 3, task: 'Fix it' },
    {
      kind: 'action',
      id: 'a2',
      stepNumber: 4,
      isFinal: false,
      modelOutput: 'Editing.',
      toolCalls: [],
    },
  ];
  it('renders headings, turns, the active marker and the expand_step hint exactly as the seed', () => {
    const { history } = buildTaskHistory(steps);
    expect(renderTaskHistorySection(history)).toBe(
      [
        '## 1. Task History',
        '**Objective**: Find the bug',
        '',
        '### 1.1. Find the bug',
        '',
        '**User**: Find the bug',
        '**Assistant**: Reading the file.',
        '**[read]**: def f(): pass',
        '### 1.2. Fix it [active]',
        '',
        '**User**: Fix it',
        '**Assistant**: Editing.',
      ].join('\n'),
    );
    const summarized = renderTaskHistorySection(history, { '1': 'summary' });
    expect(summarized).toContain(
      '### 1.1. Find the bug\n\n[user] Find the bug\n[assistant] Reading the file.\n[tool:read] def f(): pass\n\n_Call `expand_step(1)` for full conversation._',
    );
  });

  it('an override wins over the mode: summary compacts a completed step, full keeps it under pressure', () => {
    const ctx = createStrategyContext();
    const s = getStrategy('summarize-plan-steps');
    const manual = s.apply(
      { steps },
      parseParams(s, { mode: 'manual', overrides: { '1': 'title' } }),
      ctx,
    );
    expect(manual.fates.map((f) => f.kind)).toEqual([
      'kept',
      'summarized',
      'summarized',
      'kept',
      'kept',
    ]);
    expect(
      s
        .apply({ steps }, parseParams(s, { mode: 'manual' }), ctx)
        .fates.every((f) => f.kind === 'kept'),
    ).toBe(true);
    const pinned = s.apply(
      { steps },
      parseParams(s, { mode: 'all-completed', overrides: { '1': 'full' } }),
      ctx,
    );
    expect(pinned.fates.every((f) => f.kind === 'kept')).toBe(true);
    // The active (last) plan step is never compacted, even when asked.
    expect(
      s
        .apply({ steps }, parseParams(s, { mode: 'manual', overrides: { '2': 'summary' } }), ctx)
        .fates.every((f) => f.kind === 'kept'),
    ).toBe(true);
  });
});
