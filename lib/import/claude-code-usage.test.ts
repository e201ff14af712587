/**
 * Claude Code writes one line per content block of a response, each repeating the response's usage
 * (the early ones with the output counted so far, often 1), and tool results can come between them
 * (claude-code-log's real_projects/-experiments-worktrees session, copied in test/fixtures/real):
 * one response is one action, its usage counted once and final.
 */
import { describe, expect, it } from 'vitest';
import type { ActionStep } from '../model/types';
import { importText } from './index';

const line = (record: Record<string, unknown>) =>
  JSON.stringify({ sessionId: 's', timestamp: '2026-01-01T00:00:00Z', ...record });
const usage = (output: number) => ({
  input_tokens: 6,
  cache_creation_input_tokens: 4794,
  cache_read_input_tokens: 10403,
  cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 4794 },
  output_tokens: output,
});
const block = (uuid: string, content: unknown, output: number) =>
  line({
    type: 'assistant',
    uuid,
    requestId: 'req_1',
    message: {
      id: 'msg_1',
      role: 'assistant',
      model: 'claude-opus-4-6',
      content: [content],
      usage: usage(output),
    },
  });
const result = (uuid: string, id: string) =>
  line({
    type: 'user',
    uuid,
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] },
  });

describe('Claude Code responses split over lines', () => {
  it('merges the lines of one response across the tool results between them, with its final usage', () => {
    const text = [
      line({ type: 'user', uuid: 'u0', message: { role: 'user', content: 'Plan it.' } }),
      block('a1', { type: 'thinking', thinking: 'Three tasks.' }, 4),
      block('a2', { type: 'tool_use', id: 't1', name: 'TaskCreate', input: { n: 1 } }, 4),
      result('u1', 't1'),
      block('a3', { type: 'tool_use', id: 't2', name: 'TaskCreate', input: { n: 2 } }, 4),
      result('u2', 't2'),
      block('a4', { type: 'tool_use', id: 't3', name: 'TaskCreate', input: { n: 3 } }, 134),
      result('u3', 't3'),
    ].join('\n');
    const h = importText(text, 'x.jsonl').file.histories[0];
    const actions = (h?.steps ?? []).filter((s): s is ActionStep => s.kind === 'action');
    expect(actions).toHaveLength(1);
    expect(actions[0]?.toolCalls.map((c) => [c.id, c.result])).toEqual([
      ['t1', 'ok'],
      ['t2', 'ok'],
      ['t3', 'ok'],
    ]);
    expect(actions[0]?.usage).toEqual({
      inputTokens: 6,
      outputTokens: 134,
      cacheReadInputTokens: 10403,
      cacheCreationInputTokens: 4794,
      cacheCreation1hInputTokens: 4794,
      inputCounts: 'uncached',
    });
  });

  it("reads an older line's costUSD as the call's cost", () => {
    const text = [
      line({ type: 'user', uuid: 'u0', message: { role: 'user', content: 'Hi.' } }),
      line({
        type: 'assistant',
        uuid: 'a1',
        costUSD: 0.0123,
        durationMs: 900,
        message: {
          id: 'm',
          role: 'assistant',
          content: [{ type: 'text', text: 'Hello.' }],
          usage: { input_tokens: 10, output_tokens: 3 },
        },
      }),
    ].join('\n');
    const h = importText(text, 'x.jsonl').file.histories[0];
    expect(h?.steps.at(-1)).toMatchObject({
      kind: 'action',
      usage: { inputTokens: 10, outputTokens: 3, costUsd: 0.0123, inputCounts: 'uncached' },
    });
  });
});
