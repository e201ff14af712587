/**
 * mini-swe-agent `{trajectory_format, info, messages}` files (issue 21): the public SWE-bench
 * bash-only trajectories (mini-swe-agent 1.15, test/fixtures/real/mini-swe-agent/swebench-*) keep
 * the command in the model's text and its output in the next user message; every such output, and
 * the format-error and timeout feedback, is the action's observation, not a new task.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ActionStep, Step } from '../model/types';
import { importText } from './index';

const FIXTURE =
  '../../test/fixtures/real/mini-swe-agent/swebench-bash-only__gemini-3-pro-preview__';
const read = (instance: string) =>
  readFileSync(new URL(`${FIXTURE}${instance}.traj.json`, import.meta.url), 'utf8');
const actions = (steps: readonly Step[]) =>
  steps.filter((s): s is ActionStep => s.kind === 'action');

interface Raw {
  info: { submission: string; model_stats: { instance_cost: number; api_calls: number } };
  messages: { role: string; content: string }[];
}

describe('mini-swe-agent 1.x trajectories (SWE-bench bash-only)', () => {
  it('reads every output after a command as its observation: one task, the submission as the answer', () => {
    const text = read('astropy__astropy-12907');
    const raw = JSON.parse(text) as Raw;
    const r = importText(text, 'x.traj.json');
    expect(r.format).toBe('mini-swe-agent');
    expect(r.warnings).toEqual([]);
    const h = r.file.histories[0];
    const steps = h?.steps ?? [];
    expect(steps.map((s) => s.kind).filter((k) => k !== 'action')).toEqual([
      'system-prompt',
      'task',
      'final-answer',
    ]);
    const outputs = raw.messages.filter((m, i) => m.role === 'user' && i > 1).slice(0, -1);
    expect(actions(steps).map((a) => a.observation)).toEqual([
      ...outputs.map((m) => m.content),
      undefined,
    ]);
    expect(steps.at(-1)).toMatchObject({ kind: 'final-answer', answer: raw.info.submission });
    expect(h).toMatchObject({
      title: 'astropy__astropy-12907',
      model: 'google/gemini-3-pro-preview',
      outcome: 'Submitted',
      usage: { costUsd: raw.info.model_stats.instance_cost },
    });
  });

  it('reads format-error and timeout feedback as the observation of the turn it answers', () => {
    const formatErrors = importText(read('django__django-14155'), 'x.traj.json').file.histories[0];
    const feedback = actions(formatErrors?.steps ?? []).filter((a) =>
      a.observation?.startsWith('Please always provide EXACTLY ONE action'),
    );
    expect(feedback.map((a) => a.source?.pointer)).toEqual([
      '/messages/6',
      '/messages/16',
      '/messages/20',
      '/messages/22',
      '/messages/38',
    ]);
    expect(formatErrors?.steps.filter((s) => s.kind === 'task')).toHaveLength(1);
    const timeout = importText(read('matplotlib__matplotlib-13989'), 'x.traj.json').file
      .histories[0];
    expect(
      actions(timeout?.steps ?? []).find((a) => a.observation?.startsWith('The last command'))
        ?.source?.pointer,
    ).toBe('/messages/38');
  });

  it('keeps per-call usage as LiteLLM reported it: prompt tokens as totals, costs that add up to the run', () => {
    const text = read('django__django-12143');
    const raw = JSON.parse(text) as Raw;
    const h = importText(text, 'x.traj.json').file.histories[0];
    const calls = actions(h?.steps ?? []).filter((a) => a.usage);
    expect(calls).toHaveLength(raw.info.model_stats.api_calls);
    expect(calls[0]?.usage).toEqual({
      inputTokens: 1963,
      outputTokens: 39,
      totalTokens: 2002,
      cacheReadInputTokens: 0,
      costUsd: calls[0]?.usage?.costUsd,
      inputCounts: 'total',
    });
    const cost = calls.reduce((n, a) => n + (a.usage?.costUsd ?? 0), 0);
    expect(cost).toBeCloseTo(raw.info.model_stats.instance_cost, 9);
    expect(calls.every((a) => a.model === 'gemini-3-pro-preview')).toBe(true);
  });
});

describe('mini-swe-agent messages a person or the end of a run writes', () => {
  const run = (messages: unknown[], info: Record<string, unknown> = {}) =>
    importText(
      JSON.stringify({ trajectory_format: 'mini-swe-agent-1', info, messages }),
      'x.traj.json',
    );
  const turn = (command: string) => ({
    role: 'assistant',
    content: `THOUGHT: go.\n\n\`\`\`bash\n${command}\n\`\`\``,
  });

  it("1.x interactive: a person's new task or rejection is a user turn; the environment's answer is not", () => {
    const r = run([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Fix the bug.' },
      turn('ls'),
      { role: 'user', content: '<returncode>0</returncode>\n<output>\na.py\n</output>' },
      turn('rm -rf /'),
      {
        role: 'user',
        content:
          'Command not executed. The user rejected your command with the following message: no',
      },
      turn('cat a.py'),
      { role: 'user', content: 'The user added a new task: add a test' },
      { role: 'assistant', content: 'Done.' },
      { role: 'user', content: 'Please always provide EXACTLY ONE action in triple backticks.' },
      { role: 'user', content: '' },
    ]);
    const steps = r.file.histories[0]?.steps ?? [];
    expect(steps.map((s) => s.kind)).toEqual([
      'system-prompt',
      'task',
      'action',
      'action',
      'task',
      'action',
      'task',
      'action',
    ]);
    expect(actions(steps).map((a) => a.observation)).toEqual([
      '<returncode>0</returncode>\n<output>\na.py\n</output>',
      undefined,
      undefined,
      'Please always provide EXACTLY ONE action in triple backticks.',
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      'message 10: an empty user message (how 1.x ends a run on its limits) is not a step',
    ]);
  });

  it('2.x tool calls: results by id, a FormatError interrupt is feedback, other interrupts and exit are kept', () => {
    const call = (id: string) => ({
      id,
      type: 'function',
      function: { name: 'bash', arguments: '{"command": "ls"}' },
    });
    const r = importText(
      JSON.stringify({
        trajectory_format: 'mini-swe-agent-1.1',
        info: { exit_status: 'Submitted', model_stats: { instance_cost: 0.02, api_calls: 2 } },
        messages: [
          { role: 'user', content: 'Fix it.' },
          { role: 'assistant', content: '', tool_calls: [call('c1')], extra: { cost: 0.01 } },
          { role: 'tool', tool_call_id: 'c1', content: 'a.py', extra: { returncode: 0 } },
          { role: 'assistant', content: 'Thinking.', extra: { cost: 0.01 } },
          {
            role: 'user',
            content: 'No tool calls found in the response.',
            extra: { interrupt_type: 'FormatError' },
          },
          {
            role: 'user',
            content: 'Stop and add a test first.',
            extra: { interrupt_type: 'UserInterruption' },
          },
          {
            role: 'exit',
            content: 'diff --git a/a.py b/a.py',
            extra: { exit_status: 'Submitted' },
          },
        ],
      }),
      'x.traj.json',
    );
    expect(r.warnings).toEqual([]);
    const steps = r.file.histories[0]?.steps ?? [];
    expect(steps.map((s) => s.kind)).toEqual(['task', 'action', 'action', 'task', 'final-answer']);
    expect(actions(steps)[0]?.toolCalls[0]?.result).toBe('a.py');
    expect(actions(steps)[1]?.observation).toBe('No tool calls found in the response.');
  });

  it("2.x: a FormatError raised while parsing the reply (which never joins the messages) is that billed call, not a person's task", () => {
    const r = importText(
      JSON.stringify({
        trajectory_format: 'mini-swe-agent-1.1',
        info: { exit_status: 'Submitted', model_stats: { instance_cost: 0.03, api_calls: 3 } },
        messages: [
          { role: 'user', content: 'Fix it.' },
          {
            role: 'assistant',
            content: '',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{}' } },
            ],
            extra: { cost: 0.01 },
          },
          { role: 'tool', tool_call_id: 'c1', content: 'a.py', extra: { returncode: 0 } },
          {
            role: 'user',
            content: '<error>No tool calls found in the response.</error>',
            extra: { interrupt_type: 'FormatError', cost: 0.01 },
          },
          { role: 'assistant', content: 'Done.', extra: { cost: 0.01 } },
          { role: 'exit', content: 'diff', extra: { exit_status: 'Submitted' } },
        ],
      }),
      'x.traj.json',
    );
    const steps = r.file.histories[0]?.steps ?? [];
    expect(steps.map((s) => s.kind)).toEqual([
      'task',
      'action',
      'action',
      'action',
      'final-answer',
    ]);
    const failed = actions(steps)[1];
    expect(failed?.observation).toBe('<error>No tool calls found in the response.</error>');
    expect(failed?.usage?.costUsd).toBe(0.01);
  });
});
