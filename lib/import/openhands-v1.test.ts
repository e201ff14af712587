/**
 * OpenHands V1 events: a conversation folder (`events/event-<n>-<id>.json` + `base_state.json` with
 * per-response usage), parallel actions of one response as one step, results, rejections and
 * errors linked to their calls, and condensations as summaries of the events they forgot.
 */
import { describe, expect, it } from 'vitest';
import { importSources } from './files';
import { importText } from './index';
import { parseSource } from './read';

let n = 0;
const ev = (kind: string, source: string, fields: object) => ({
  id: `e${++n}`,
  timestamp: `2026-08-19T15:11:${String(n).padStart(2, '0')}.000000`,
  source,
  kind,
  ...fields,
});
const user = (text: string) =>
  ev('MessageEvent', 'user', { llm_message: { role: 'user', content: [{ type: 'text', text }] } });
const action = (call: string, name: string, args: object, response: string) =>
  ev('ActionEvent', 'agent', {
    thought: [{ type: 'text', text: `calling ${name}` }],
    tool_name: name,
    tool_call_id: call,
    tool_call: { id: call, name, arguments: JSON.stringify(args) },
    llm_response_id: response,
  });
const observation = (call: string, text: string) =>
  ev('ObservationEvent', 'environment', {
    tool_name: 'terminal',
    tool_call_id: call,
    observation: {
      kind: 'TerminalObservation',
      content: [{ type: 'text', text }],
      is_error: false,
    },
  });
const reply = (text: string, response: string) =>
  ev('MessageEvent', 'agent', {
    llm_message: { role: 'assistant', content: [{ type: 'text', text }] },
    llm_response_id: response,
  });

describe('OpenHands V1 events', () => {
  it('read a conversation folder with its per-response usage, parallel calls as one step', () => {
    const events = [
      ev('SystemPromptEvent', 'agent', {
        system_prompt: { type: 'text', text: 'You are OpenHands agent.' },
        tools: [],
      }),
      user('list the files and the date'),
      action('c1', 'terminal', { command: 'ls' }, 'r1'),
      action('c2', 'terminal', { command: 'date' }, 'r1'),
      observation('c1', 'README.md'),
      ev('UserRejectObservation', 'environment', {
        tool_name: 'terminal',
        tool_call_id: 'c2',
        rejection_reason: 'not now',
      }),
      ev('ConversationStateUpdateEvent', 'environment', {
        key: 'execution_status',
        value: 'finished',
      }),
      reply('There is a README.md.', 'r2'),
    ];
    const files = Object.fromEntries(
      events.map((e, i) => [
        `conv/events/event-${String(i).padStart(5, '0')}-${e.id}.json`,
        JSON.stringify(e),
      ]),
    );
    const state = {
      id: 'a1b2c3d4e5f6',
      stats: {
        usage_to_metrics: {
          agent: {
            accumulated_cost: 0.0123,
            token_usages: [
              {
                model: 'litellm_proxy/claude-sonnet-4-5',
                prompt_tokens: 1200,
                completion_tokens: 40,
                cache_read_tokens: 1000,
                cache_write_tokens: 0,
                response_id: 'r1',
              },
              {
                model: 'litellm_proxy/claude-sonnet-4-5',
                prompt_tokens: 1300,
                completion_tokens: 12,
                cache_read_tokens: 1200,
                cache_write_tokens: 0,
                response_id: 'r2',
              },
            ],
          },
        },
      },
    };
    const sources = [...Object.entries(files), ['conv/base_state.json', JSON.stringify(state)]].map(
      ([p, t]) => parseSource(t as string, p as string),
    );
    const r = importSources(sources);
    expect(r.failures).toEqual([]);
    expect(r.formats).toEqual(['openhands-v1']);
    const [h] = r.histories;
    expect(h?.id).toBe('a1b2c3d4e5f6');
    expect(h?.title).toBe('OpenHands: list the files and the date');
    expect(h?.usage).toEqual({ costUsd: 0.0123 });
    expect(h?.steps.map((s) => s.kind)).toEqual(['system-prompt', 'task', 'action', 'action']);
    const calls = h?.steps[2]?.kind === 'action' ? h.steps[2] : undefined;
    expect(calls?.toolCalls).toEqual([
      { id: 'c1', name: 'terminal', arguments: { command: 'ls' }, result: 'README.md' },
      {
        id: 'c2',
        name: 'terminal',
        arguments: { command: 'date' },
        result: 'Action rejected: not now',
        isError: true,
      },
    ]);
    expect(calls?.usage).toEqual({
      inputTokens: 1200,
      outputTokens: 40,
      cacheReadInputTokens: 1000,
      cacheCreationInputTokens: 0,
      inputCounts: 'total',
    });
    expect(h?.steps[3]?.kind === 'action' && h.steps[3].isFinal).toBe(true);
  });

  it('show a condensation as a summary of the steps it forgot, and keep an unanswered result', () => {
    const first = user('first task');
    const answer = reply('done first', 'r1');
    const text = [
      first,
      answer,
      ev('Condensation', 'environment', {
        forgotten_event_ids: [first.id, answer.id],
        summary: 'The user asked for a first task; it is done.',
        summary_offset: 0,
      }),
      user('second task'),
      observation('ghost', 'late output'),
    ]
      .map((e) => JSON.stringify(e))
      .join('\n');
    const r = importText(text, 'events.jsonl');
    const steps = r.file.histories[0]?.steps ?? [];
    expect(steps.map((s) => s.kind)).toEqual(['task', 'action', 'summary', 'task', 'action']);
    expect(steps[2]?.kind === 'summary' && steps[2].replaces).toEqual(['s0', 's1']);
    expect(r.warnings.map((w) => w.message)).toEqual([
      `ObservationEvent e${n}: answers no earlier tool call (ghost); kept as an observation`,
    ]);
  });
});

describe('OpenHands V1 evaluation output', () => {
  it('reads a run per line, titled by instance, with its cost and error', () => {
    const history = [
      user('fix the failing test'),
      action('c9', 'terminal', { command: 'pytest' }, 'r9'),
      observation('c9', '1 passed'),
    ];
    const lines = [
      {
        instance_id: 'django__django-11099',
        history,
        metrics: { accumulated_cost: 0.42 },
        error: null,
      },
      {
        instance_id: 'astropy__astropy-12907',
        history: history.slice(0, 1),
        metrics: {},
        error: 'Agent got stuck in a loop',
      },
    ];
    const r = importText(lines.map((l) => JSON.stringify(l)).join('\n'), 'output.jsonl');
    expect(r.format).toBe('openhands-v1');
    expect(r.file.histories.map((h) => [h.title, h.usage, h.outcome, h.steps.length])).toEqual([
      ['django__django-11099', { costUsd: 0.42 }, undefined, 2],
      ['astropy__astropy-12907', undefined, 'error: Agent got stuck in a loop', 1],
    ]);
    expect(r.file.histories[0]?.steps[1]?.source?.pointer).toBe('/0/history/1');
  });
});
