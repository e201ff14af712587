/**
 * Anthropic Messages API conversations (bare lists, request bodies), Cline task folders with their
 * per-request usage, and OpenAI request bodies: tool calls linked to results, system prompts, models.
 */
import { describe, expect, it } from 'vitest';
import { importSources } from './files';
import { importText } from './index';
import { parseSource } from './read';

const turns = [
  { role: 'user', content: [{ type: 'text', text: '<task>\nList the files\n</task>' }] },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'Use the tool.', signature: 'x' },
      { type: 'text', text: 'Listing.' },
      { type: 'tool_use', id: 'toolu_1', name: 'list_files', input: { path: '.' } },
    ],
  },
  {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: [{ type: 'text', text: 'a.txt\nb.txt' }],
      },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Two files: a.txt and b.txt.' }] },
];
const json = (v: unknown) => JSON.stringify(v);

describe('Anthropic Messages API conversations', () => {
  it('link tool results to their calls and keep thinking apart, from a bare list', () => {
    const r = importText(json(turns), 'conversation.json');
    expect(r.format).toBe('anthropic-messages');
    const [h] = r.file.histories;
    expect(h?.title).toBe('List the files');
    const a = h?.steps[1];
    expect(a?.kind === 'action' && [a.thought, a.modelOutput, a.toolCalls]).toEqual([
      'Use the tool.',
      'Listing.',
      [{ id: 'toolu_1', name: 'list_files', arguments: { path: '.' }, result: 'a.txt\nb.txt' }],
    ]);
    expect(
      h?.steps.at(-1)?.kind === 'action' && (h.steps.at(-1) as { isFinal: boolean }).isFinal,
    ).toBe(true);
  });

  it('read a request body with its system prompt (a string or blocks), model and tools', () => {
    for (const system of [
      'You list files.',
      [{ type: 'text', text: 'You list files.', cache_control: { type: 'ephemeral' } }],
    ]) {
      const r = importText(
        json({
          model: 'claude-sonnet-4-5',
          max_tokens: 1024,
          system,
          tools: [{ name: 'list_files' }],
          messages: turns,
        }),
        'request.json',
      );
      const [h] = r.file.histories;
      expect(r.format).toBe('anthropic-messages');
      expect(h?.model).toBe('claude-sonnet-4-5');
      expect(h?.meta).toEqual({ tools: 1 });
      expect(h?.steps[0]).toMatchObject({ kind: 'system-prompt', content: 'You list files.' });
      expect(h?.steps[2]?.source?.pointer).toBe('/messages/1');
    }
  });

  it('read a Cline task folder with the usage and cost of each request, in order', () => {
    const ui = [
      { ts: 1, type: 'say', say: 'task', text: 'List the files' },
      {
        ts: 2,
        type: 'say',
        say: 'api_req_started',
        text: json({
          request: '<task>…',
          tokensIn: 1200,
          tokensOut: 40,
          cacheWrites: 900,
          cacheReads: 0,
          cost: 0.0051,
        }),
      },
      { ts: 3, type: 'ask', ask: 'tool', text: json({ tool: 'listFilesTopLevel', path: '.' }) },
      {
        ts: 4,
        type: 'say',
        say: 'api_req_started',
        text: json({
          request: '[list_files]…',
          tokensIn: 30,
          tokensOut: 15,
          cacheWrites: 60,
          cacheReads: 900,
          cost: 0.0012,
        }),
      },
    ];
    const meta = {
      files_in_context: [],
      model_usage: [
        {
          ts: 1,
          model_id: 'claude-sonnet-4-5-20250929',
          model_provider_id: 'anthropic',
          mode: 'act',
        },
      ],
    };
    const folder = {
      'tasks/1733000000000/api_conversation_history.json': turns,
      'tasks/1733000000000/ui_messages.json': ui,
      'tasks/1733000000000/task_metadata.json': meta,
    };
    const r = importSources(Object.entries(folder).map(([p, v]) => parseSource(json(v), p)));
    expect(r.failures).toEqual([]);
    expect(r.formats).toEqual(['anthropic-messages']);
    expect(r.histories).toHaveLength(1);
    const [h] = r.histories;
    expect(h?.title).toBe('Cline task 1733000000000 · List the files');
    expect(h?.model).toBe('claude-sonnet-4-5-20250929');
    expect(h?.steps.flatMap((s) => (s.kind === 'action' ? [s.usage] : []))).toEqual([
      {
        inputTokens: 1200,
        outputTokens: 40,
        cacheReadInputTokens: 0,
        cacheCreationInputTokens: 900,
        costUsd: 0.0051,
        inputCounts: 'uncached',
      },
      {
        inputTokens: 30,
        outputTokens: 15,
        cacheReadInputTokens: 900,
        cacheCreationInputTokens: 60,
        costUsd: 0.0012,
        inputCounts: 'uncached',
      },
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('leave plain role/content lists to the OpenAI reader, and read an OpenAI request body there', () => {
    expect(
      importText(
        json([
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ]),
        'c.json',
      ).format,
    ).toBe('openai-messages');
    const body = {
      model: 'gpt-4o',
      tools: [{ type: 'function', function: { name: 'f' } }],
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'f', arguments: '{"x":1}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'ok' },
      ],
    };
    const r = importText(json(body), 'request.json');
    expect(r.format).toBe('openai-messages');
    const [h] = r.file.histories;
    expect([h?.model, h?.meta]).toEqual(['gpt-4o', { tools: 1 }]);
    expect(h?.steps[1]?.kind === 'action' && h.steps[1].toolCalls).toEqual([
      { id: 'c1', name: 'f', arguments: { x: 1 }, result: 'ok' },
    ]);
    expect(h?.steps[1]?.source?.pointer).toBe('/messages/1');
  });
});
