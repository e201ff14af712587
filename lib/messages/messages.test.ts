import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { stepFromDict } from '../format/native';
import {
  DIALECT_REGISTRY,
  DIALECTS,
  findDialect,
  stepToUnits,
  toMessages,
  toMessagesWithOrigin,
  type Dialect,
} from './index';
import { toSessionStep } from './session-trajectory';
import { getMessagesView, toTrajectory } from './trajectory';
import { countMessage, messageStrings } from '../tokens/messages';
import { createTextCounter } from '../tokens/tokenizer';

// Seed 000 "Example Conversation", verbatim.
const france = [
  { type: 'SystemPromptStep', data: { content: 'You are a helpful assistant.' } },
  { type: 'TaskStep', data: { task: 'What is the capital of France?' } },
  {
    type: 'ActionStep',
    data: { raw_llm_response: "I'll search for this.", tool_name: 'search', observation: 'Paris' },
  },
  { type: 'ActionStep', data: { raw_llm_response: 'The answer is Paris.', is_final: true } },
].map((d, i) => stepFromDict(d, i));

describe('tinyagent dialect (seed 000)', () => {
  it('turns the France example into exactly the five messages the seed lists', () => {
    expect(toMessages(france, 'tinyagent')).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'What is the capital of France?' },
      { role: 'assistant', content: "I'll search for this." },
      { role: 'user', content: 'Observation: Paris' },
      { role: 'assistant', content: 'The answer is Paris.' },
    ]);
  });

  it('sends an error instead of the observation, and scratchpad notes as the seed does', () => {
    const steps = [
      stepFromDict({
        type: 'ActionStep',
        data: { raw_llm_response: "I'll try to connect to the API.", error: 'Connection timeout' },
      }),
      stepFromDict({
        type: 'ScratchpadStep',
        data: {
          content: 'The algorithm has O(n^2) complexity.',
          raw_llm_response: 'I should note this important finding.',
        },
      }),
    ];
    expect(toMessages(steps, 'tinyagent')).toEqual([
      { role: 'assistant', content: "I'll try to connect to the API." },
      { role: 'user', content: 'Error: Connection timeout' },
      { role: 'assistant', content: 'I should note this important finding.' },
      { role: 'user', content: 'Scratchpad noted: The algorithm has O(n^2) complexity.' },
    ]);
  });
});

describe('chat dialects', () => {
  it('links every message back to the step it came from', () => {
    const linked = toMessagesWithOrigin(france, 'openai');
    expect(linked.map((m) => m.stepIndex)).toEqual([0, 1, 2, 2, 3]);
    expect(linked.map((m) => m.message)).toEqual(toMessages(france, 'openai'));
  });

  it('links OpenAI tool results to their calls by id', () => {
    const msgs = toMessages(france, 'openai');
    expect(msgs[2]).toEqual({
      role: 'assistant',
      content: "I'll search for this.",
      tool_calls: [
        { id: 'step-2-call', type: 'function', function: { name: 'search', arguments: '{}' } },
      ],
    });
    expect(msgs[3]).toEqual({ role: 'tool', content: 'Paris', tool_call_id: 'step-2-call' });
  });

  it('uses tool_use / tool_result blocks for Anthropic and toolUse / toolResult for Strands', () => {
    expect(toMessages(france, 'anthropic')[3]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'step-2-call', content: 'Paris' }],
    });
    expect(toMessages(france, 'strands')[2]).toEqual({
      role: 'assistant',
      content: [
        { text: "I'll search for this." },
        { toolUse: { toolUseId: 'step-2-call', name: 'search', input: {} } },
      ],
    });
    expect(toMessages(france, 'strands')[3]).toEqual({
      role: 'user',
      content: [
        {
          toolResult: { toolUseId: 'step-2-call', status: 'success', content: [{ text: 'Paris' }] },
        },
      ],
    });
  });

  it('writes smolagents messages with hyphenated roles, a Python repr of the calls, and summary mode', () => {
    const msgs = toMessages(france, 'smolagents');
    expect(msgs[1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'New task:\nWhat is the capital of France?' }],
    });
    expect(msgs[3]).toEqual({
      role: 'tool-call',
      content: [
        {
          type: 'text',
          text: "Calling tools:\n[{'id': 'step-2-call', 'type': 'function', 'function': {'name': 'search', 'arguments': {}}}]",
        },
      ],
    });
    expect(msgs[4]).toEqual({
      role: 'tool-response',
      content: [{ type: 'text', text: 'Observation:\nParis' }],
    });
    const summary = toMessages(france, 'smolagents', { summaryMode: true });
    expect(summary.map((m) => m.role)).toEqual(['user', 'tool-call', 'tool-response']);
  });
});

describe('flat trajectory (seed 002)', () => {
  it('links tool_call and tool_result by tool_use_id and groups by role', () => {
    const items = toTrajectory(france).map((t) => t.item);
    expect(items.map((i) => i.step_type)).toEqual([
      'system_prompt',
      'user_query',
      'thought',
      'tool_call',
      'tool_result',
      'final_answer',
    ]);
    expect(items[3]).toMatchObject({
      content: 'Using tool: search',
      tool_data: { name: 'search', args: {} },
      tool_use_id: 'step-2-call',
    });
    expect(items[4]?.tool_use_id).toBe('step-2-call');
    const view = getMessagesView(items);
    expect(view.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(view[2]?.content.map((b) => b.type)).toEqual([
      'thought',
      'tool_call',
      'tool_result',
      'final_answer',
    ]);
  });
});

describe('session-trajectory dialect (seed 002 get_messages_view)', () => {
  // Two assistant steps in a row: the seed groups them into one message.
  const steps = [
    ...france,
    stepFromDict({ type: 'ActionStep', data: { raw_llm_response: 'Checking again.' } }, 4),
  ];

  it("writes the seed's second vocabulary and groups a step's trajectory steps by role", () => {
    const units = stepToUnits(france[2]!, 'session-trajectory');
    expect(units).toEqual([
      {
        message: {
          role: 'assistant',
          content: [
            { type: 'thought', text: "I'll search for this." },
            {
              type: 'tool_use',
              text: 'Using tool: search',
              tool_data: { name: 'search', args: {} },
              tool_use_id: 'step-2-call',
            },
            {
              type: 'tool_result',
              text: 'Paris',
              tool_data: { result: 'Paris', error: null },
              tool_use_id: 'step-2-call',
            },
          ],
        },
        parts: ['thought', 'call:step-2-call', 'result:step-2-call'],
      },
    ]);
    expect(stepToUnits(france[3]!, 'session-trajectory')[0]?.message).toEqual({
      role: 'assistant',
      content: [{ type: 'answer', text: 'The answer is Paris.' }],
    });
  });

  it('is exactly the whole-list view as one list, one message per step and role run with origins', () => {
    const view = getMessagesView(toTrajectory(steps).map((t) => toSessionStep(t.item)));
    expect(toMessages(steps, 'session-trajectory')).toEqual(view);
    expect(view.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(view[2]?.content.map((b) => b.type)).toEqual([
      'thought',
      'tool_use',
      'tool_result',
      'answer',
      'thought',
    ]);
    expect(
      toMessagesWithOrigin(steps, 'session-trajectory').map((m) => [m.message.role, m.stepIndex]),
    ).toEqual([
      ['system', 0],
      ['user', 1],
      ['assistant', 2],
      ['assistant', 3],
      ['assistant', 4],
    ]);
  });

  it("counts every text of the view (tool_data's result repeats the block's text, as the seed's view does), not block types or ids", () => {
    const [unit] = stepToUnits(france[2]!, 'session-trajectory');
    expect(messageStrings(unit!.message)).toEqual([
      'assistant',
      "I'll search for this.",
      'Using tool: search',
      'search',
      // tool_data.args, read as JSON text like Anthropic's `input` (numbers included).
      '{}',
      'Paris',
      'Paris',
    ]);
    expect(countMessage(unit!.message, createTextCounter('heuristic'))).toBeGreaterThan(3);
  });
});

describe('dialect registry', () => {
  it('lists every dialect once, converts through its entry, and knows no other', () => {
    expect(DIALECT_REGISTRY.map((d) => d.id)).toEqual([...DIALECTS]);
    expect(new Set(DIALECT_REGISTRY.map((d) => d.label)).size).toBe(DIALECTS.length);
    expect(findDialect('anthropic')?.label).toBe('Anthropic');
    expect(findDialect('gemini')).toBeUndefined();
    expect(() =>
      stepToUnits({ id: 't', stepNumber: 0, kind: 'task', task: 'hi' }, 'gemini' as Dialect),
    ).toThrow(
      'Unknown dialect "gemini". Known: recorded, tinyagent, openai, anthropic, strands, smolagents, session-trajectory',
    );
  });
});

describe('recorded dialect: the messages as the run sent them (issue 21)', () => {
  const real = (path: string) =>
    importText(
      readFileSync(new URL(`../../test/fixtures/real/${path}`, import.meta.url), 'utf8'),
      path,
    ).file.histories[0]!;

  it('sends a text-command observation verbatim, where the OpenAI dialect adds seed 000 prefix', () => {
    const h = real(
      'swe-agent/replay__marshmallow-code__marshmallow-1867__default___install_from_source__marshmallow-code__marshmallow-1867.traj',
    );
    const observed = h.steps.find((s) => s.kind === 'action' && s.observation !== undefined);
    expect(observed?.kind).toBe('action');
    const text = observed?.kind === 'action' ? (observed.observation as string) : '';
    const recorded = toMessages([observed!], 'recorded');
    expect(recorded.at(-1)).toEqual({ role: 'user', content: text });
    expect(toMessages([observed!], 'openai').at(-1)).toEqual({
      role: 'user',
      content: `Observation: ${text}`,
    });
  });

  it("renders each step in its framework's own shape: Claude Code as Anthropic blocks, tau-bench as OpenAI", () => {
    const claude = real('anthropic-claude-code/cc_small_5ed31c36.jsonl');
    expect(toMessages(claude.steps, 'recorded')).toEqual(toMessages(claude.steps, 'anthropic'));
    const tau = real('openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json');
    expect(toMessages(tau.steps, 'recorded')).toEqual(toMessages(tau.steps, 'openai'));
  });
});
