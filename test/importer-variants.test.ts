/**
 * Format variants no public repository had a real file of, built here from real content the way
 * each producer writes them (the schema notes in test/fixtures/real/MANIFEST.md): seed 002 and 003
 * serializations, a Strands FileSessionManager folder, OpenHands eval JSONL, mini-swe-agent v2,
 * smolagents get_full_steps(), Claude Code's older sibling sub-agent files with .meta.json, Codex
 * rollout JSONL, tinyAgent 0.x asdict() steps, and LangChain-style roles for the generic fallback.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText, parseSource } from '../lib/import';
import { importSources } from '../lib/import/files';
import { toTrajectory } from '../lib/messages/trajectory';
import type { ActionStep, Step } from '../lib/model/types';
import { buildTaskHistory } from '../lib/strategies/task-history';

const read = (path: string) =>
  readFileSync(new URL(`./fixtures/real/${path}`, import.meta.url), 'utf8');
const tau = importText(
  read('openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json'),
  'tau.json',
).file.histories[0]?.steps as Step[];
const calls = (steps: readonly Step[]) =>
  steps.flatMap((s) =>
    s.kind === 'action' ? s.toolCalls.map((c) => [c.name, c.arguments, c.result]) : [],
  );
const jsonl = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');

describe('format variants built from real content', () => {
  it('seed 002: a SessionTrajectory of a real run reads back with every call linked to its result', () => {
    const session = {
      session_id: 'tau-3',
      user_id: 'u',
      max_steps: 100,
      steps: toTrajectory(tau).map((t) => ({ ...t.item, timestamp: '2025-01-01T00:00:00' })),
    };
    const r = importText(JSON.stringify(session), 'x.json');
    expect(r.format).toBe('seed-trajectory');
    expect(r.warnings).toEqual([]);
    expect(calls(r.file.histories[0]?.steps ?? [])).toEqual(calls(tau));
    expect(r.file.histories[0]?.steps.filter((s) => s.kind === 'task')).toHaveLength(
      tau.filter((s) => s.kind === 'task').length,
    );
  });

  it('seed 003: a TaskHistory serialized as the seed dataclasses reads as plan-tagged steps with the plan', () => {
    const { history } = buildTaskHistory(tau);
    const json = {
      objective: history.objective,
      active_step_id: history.steps.length,
      steps: history.steps.map((s, i) => ({
        step_id: i + 1,
        step_title: s.stepTitle,
        turns: s.turns.map((t) => ({
          turn_id: t.turnId,
          role: t.role,
          content: t.content,
          tool_name: t.toolName ?? null,
          created_at: '2025-01-01T00:00:00+00:00',
        })),
        summary: i === 0 ? 'Looked up the user.' : null,
        visibility: i === 0 ? 'summary' : 'full',
      })),
    };
    const r = importText(JSON.stringify(json), 'x.json');
    expect(r.format).toBe('seed-task-history');
    const steps = r.file.histories[0]?.steps ?? [];
    expect(steps[0]).toMatchObject({ kind: 'task', task: history.objective });
    expect(steps[1]).toMatchObject({
      kind: 'planning',
      planItems: history.steps.map((s, i) => ({
        id: String(i + 1),
        title: s.stepTitle,
        status: i === history.steps.length - 1 ? 'in_progress' : 'done',
      })),
    });
    const summary = steps.find((s) => s.kind === 'summary');
    expect(summary).toMatchObject({
      content: 'Looked up the user.',
      origin: 'model',
      planStepId: '1',
    });
    expect(summary?.kind === 'summary' && summary.replaces.length).toBe(
      steps.filter((s) => s.planStepId === '1' && s.kind !== 'summary').length,
    );
  });

  it('Strands: a FileSessionManager folder is one history per agent, in message_id order past message_9', () => {
    const scenarios = JSON.parse(
      read('strands/strands-evals__strands_agent_skills.json'),
    ) as Record<string, { messages: unknown[] }>;
    const messages = [
      ...(scenarios.two_skills?.messages ?? []),
      ...(scenarios.repeated_load?.messages ?? []),
    ];
    const dir = 'session_abc/agents/agent_default';
    const files = [
      {
        path: 'session_abc/session.json',
        text: JSON.stringify({
          session_id: 'abc',
          session_type: 'AGENT',
          created_at: '2025-01-01T00:00:00+00:00',
        }),
      },
      {
        path: `${dir}/agent.json`,
        text: JSON.stringify({
          agent_id: 'default',
          state: {},
          conversation_manager_state: {
            __name__: 'SlidingWindowConversationManager',
            removed_message_count: 2,
          },
        }),
      },
      ...messages.map((m, i) => ({
        path: `${dir}/messages/message_${i}.json`,
        text: JSON.stringify({
          message: m,
          message_id: i,
          redact_message: null,
          created_at: `2025-01-01T00:00:${String(i).padStart(2, '0')}+00:00`,
        }),
      })),
    ].reverse();
    const r = importSources(files.map((f) => parseSource(f.text, f.path)));
    expect(r.formats).toEqual(['strands']);
    expect(r.histories).toHaveLength(1);
    const h = r.histories[0];
    expect(h?.steps.map((s) => s.timestamp)).toEqual(
      [...h!.steps.map((s) => s.timestamp)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    expect(h?.steps.at(-1)?.source?.pointer).toBe(
      `/files/${dir.replaceAll('/', '~1')}~1messages~1message_11.json/message`,
    );
    expect(r.warnings).toContain(
      `${dir}: the SlidingWindowConversationManager had already removed 2 message(s) from the agent's context; the session folder still holds every message`,
    );
    expect(calls(h?.steps ?? []).every(([, , result]) => typeof result === 'string')).toBe(true);
  });

  it('OpenHands eval output JSONL: one run per instance, its cost and error kept', () => {
    const events = JSON.parse(read('openhands/trajs_basic.json'));
    const text = jsonl([
      {
        instance_id: 'repo__1',
        instruction: 'x',
        history: events,
        metrics: { accumulated_cost: 0.25 },
        error: null,
      },
      {
        instance_id: 'repo__2',
        instruction: 'y',
        history: events.slice(0, 2),
        metrics: {},
        error: 'Agent got stuck in a loop',
      },
    ]);
    const r = importText(text, 'output.jsonl');
    expect(r.format).toBe('openhands');
    expect(r.file.histories.map((h) => [h.title, h.usage?.costUsd, h.outcome])).toEqual([
      ['repo__1', 0.25, undefined],
      ['repo__2', undefined, 'error: Agent got stuck in a loop'],
    ]);
    expect(r.file.histories[0]?.steps.map((s) => s.source?.pointer)).toEqual([
      '/0/history/0',
      '/0/history/1',
      '/0/history/3',
    ]);
  });

  it('mini-swe-agent v2: tool calls linked by id, the exit role as the final answer, costs per call', () => {
    const v1 = JSON.parse(read('mini-swe-agent/github_issue.traj.json')) as {
      role: string;
      content: string;
    }[];
    const messages: unknown[] = [];
    v1.forEach((m, i) => {
      if (m.role === 'assistant')
        messages.push({
          role: 'assistant',
          content: m.content,
          tool_calls: [
            {
              index: 0,
              id: `call_${i}`,
              type: 'function',
              function: {
                name: 'bash',
                arguments: JSON.stringify({
                  command: /```mswea_bash_command\n([\s\S]*?)```/.exec(m.content)?.[1] ?? '',
                }),
              },
            },
          ],
          extra: { cost: 0.01, timestamp: 1750000000 + i },
        });
      else if (i > 1 && v1[i - 1]?.role === 'assistant')
        messages.push({
          role: 'tool',
          tool_call_id: `call_${i - 1}`,
          content: m.content,
          extra: { returncode: m.content.includes('<returncode>0') ? 0 : 1 },
        });
      else messages.push(m);
    });
    messages.push({
      role: 'exit',
      content: 'diff --git a/x b/x',
      extra: { exit_status: 'Submitted' },
    });
    const r = importText(
      JSON.stringify({
        trajectory_format: 'mini-swe-agent-1.1',
        info: {
          exit_status: 'Submitted',
          model_stats: { instance_cost: 0.1 },
          config: { model: { model_name: 'claude-sonnet-4' } },
        },
        messages,
      }),
      'x.traj.json',
    );
    expect(r.format).toBe('mini-swe-agent');
    expect(r.warnings).toEqual([]);
    const h = r.file.histories[0];
    expect(h).toMatchObject({
      model: 'claude-sonnet-4',
      outcome: 'Submitted',
      usage: { costUsd: 0.1 },
    });
    expect(h?.steps.at(-1)).toMatchObject({ kind: 'final-answer', answer: 'diff --git a/x b/x' });
    const actions = h?.steps.filter((s): s is ActionStep => s.kind === 'action') ?? [];
    expect(
      actions.every(
        (a) =>
          a.toolCalls.length === 1 &&
          a.toolCalls[0]?.result !== undefined &&
          a.usage?.costUsd === 0.01,
      ),
    ).toBe(true);
    expect(actions.some((a) => a.toolCalls[0]?.isError)).toBe(true);
  });

  it('smolagents get_full_steps(): system, task, planning, actions with timing, usage and errors, final answer', () => {
    const gaia = JSON.parse(
      read('smolagents/gpt-4o__code__gaia__2025-07-24.jsonl').split('\n')[0] as string,
    );
    const text = (m: { content: { text: string }[] }) => m.content[0]?.text ?? '';
    const steps = [
      { system_prompt: text(gaia.intermediate_steps[0]) },
      { task: gaia.question, task_images: null },
      {
        plan: 'Facts survey and plan',
        model_input_messages: [],
        timing: { start_time: 1, end_time: 2, duration: 1 },
        token_usage: { input_tokens: 100, output_tokens: 20 },
      },
      {
        step_number: 1,
        timing: { start_time: 1753391775.1, end_time: 1753391777.6, duration: 2.5 },
        model_output: text(gaia.intermediate_steps[2]),
        tool_calls: [],
        error: { type: 'AgentParsingError', message: 'regex pattern not found' },
        observations: null,
        token_usage: { input_tokens: 1500, output_tokens: 12 },
        is_final_answer: false,
      },
      {
        step_number: 2,
        timing: { start_time: 1753391778, duration: 1.25 },
        model_output: 'print("Pineapple")',
        tool_calls: [
          {
            id: 'call_5',
            type: 'function',
            function: { name: 'python_interpreter', arguments: 'print("Pineapple")' },
          },
        ],
        error: null,
        observations: 'Execution logs:\nPineapple',
        token_usage: { input_tokens: 1600, output_tokens: 30 },
        is_final_answer: false,
      },
      { output: 'Pineapple' },
    ];
    const r = importText(JSON.stringify(steps), 'steps.json');
    expect(r.format).toBe('smolagents');
    const kinds = r.file.histories[0]?.steps.map((s) => s.kind);
    expect(kinds).toEqual([
      'system-prompt',
      'task',
      'planning',
      'action',
      'action',
      'final-answer',
    ]);
    expect(r.file.histories[0]?.steps[3]).toMatchObject({
      error: 'AgentParsingError: regex pattern not found',
      durationMs: 2500,
      usage: { inputTokens: 1500, outputTokens: 12 },
    });
    expect(r.file.histories[0]?.steps[4]).toMatchObject({
      toolCalls: [{ id: 'call_5', result: 'Execution logs:\nPineapple' }],
    });
  });

  it("Claude Code's older layout: a sibling agent-<id>.jsonl with its .meta.json becomes the Task's sub-agent", () => {
    const main = read(
      'anthropic-claude-code/cc_claude_p_29ccd257/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
    );
    const agent = read('anthropic-claude-code/cc_claude_p_29ccd257/subagents/agent-a2271d1.jsonl');
    const r = importSources([
      parseSource(main, 'project/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl'),
      parseSource(agent, 'project/agent-a2271d1.jsonl'),
      parseSource(
        JSON.stringify({ agentType: 'Explore', description: 'Explore codebase structure' }),
        'project/agent-a2271d1.meta.json',
      ),
    ]);
    expect(r.formats).toEqual(['claude-code']);
    expect(r.histories).toHaveLength(1);
    expect(r.histories[0]?.children?.map((c) => [c.parentStepId, c.history.title])).toEqual([
      ['s1', 'Explore: Explore codebase structure'],
    ]);
  });

  it('a lone Claude Code transcript that started sub-agents says to open its folder', () => {
    const r = importText(
      read('anthropic-claude-code/cc_claude_p_29ccd257/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl'),
      'main.jsonl',
    );
    expect(r.warnings.map((w) => w.message)).toContain(
      'this session started sub-agents whose transcripts are separate files: open the session folder (or the files together) to see them',
    );
  });

  it('Codex rollout JSONL: response items in order, other lines counted, the model from turn context', () => {
    const items = (
      JSON.parse(read('openai-responses-codex/codex_session_rollout.json')) as { items: unknown[] }
    ).items;
    const text = jsonl([
      { timestamp: '2025-10-01T10:00:00.000Z', type: 'session_meta', payload: { id: 's' } },
      {
        timestamp: '2025-10-01T10:00:00.500Z',
        type: 'turn_context',
        payload: { model: 'gpt-5-codex' },
      },
      {
        timestamp: '2025-10-01T10:00:01.000Z',
        type: 'response_item',
        payload: {
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'Extract text from report.pdf' }],
        },
      },
      ...items.map((payload, i) => ({
        timestamp: `2025-10-01T10:00:0${2 + i}.000Z`,
        type: 'response_item',
        payload,
      })),
    ]);
    const r = importText(text, 'rollout.jsonl');
    expect(r.format).toBe('codex');
    const h = r.file.histories[0];
    expect(h?.model).toBe('gpt-5-codex');
    expect(h?.steps.map((s) => s.kind)).toEqual(['task', 'action', 'action']);
    expect(h?.steps[1]?.timestamp).toBe(Date.parse('2025-10-01T10:00:02.000Z') / 1000);
    expect(r.warnings.map((w) => w.message)).toContain(
      '2 rollout line(s) that are not response items (session meta, events, turn context) were skipped',
    );
  });

  it("tinyAgent 0.x asdict() steps: kinds told apart by their fields, seed 000's tool call kept", () => {
    const steps = [
      { timestamp: 1.5, step_number: 0, content: 'You are a helpful agent.' },
      { timestamp: 2.5, step_number: 1, task: 'What is the capital of France?' },
      {
        timestamp: 3.5,
        step_number: 2,
        thought: 'Search it',
        tool_name: 'search',
        tool_args: { q: 'capital of France' },
        observation: 'Paris',
        error: null,
        is_final: false,
        raw_llm_response: '{"tool": "search"}',
      },
      { timestamp: 4.5, step_number: 3, content: 'Paris it is', raw_llm_response: 'Paris it is' },
    ];
    const r = importText(JSON.stringify(steps), 'memory.json');
    expect(r.format).toBe('tinyagent');
    const h = r.file.histories[0]?.steps ?? [];
    expect(h.map((s) => s.kind)).toEqual(['system-prompt', 'task', 'action', 'scratchpad']);
    expect(h[2]).toMatchObject({
      toolCalls: [{ name: 'search', arguments: { q: 'capital of France' }, result: 'Paris' }],
    });
  });

  it('the generic fallback reads LangChain-style roles and says which roles it could not place', () => {
    const r = importText(
      JSON.stringify({
        messages: [
          { role: 'system', content: 's' },
          { role: 'human', content: 'q' },
          { role: 'ai', content: [{ type: 'text', text: 'a' }] },
          { role: 'narrator', content: 'n' },
        ],
      }),
      'lc.json',
    );
    expect(r.format).toBe('generic-messages');
    expect(r.file.histories[0]?.steps.map((s) => s.kind)).toEqual([
      'system-prompt',
      'task',
      'action',
      'task',
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      '1 message(s) with role "narrator" are shown as user turns',
    ]);
  });
});
