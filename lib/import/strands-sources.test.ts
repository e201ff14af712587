/**
 * A Strands FileSessionManager folder whose SummarizingConversationManager summarized: its
 * `conversation_manager_state.summary_message` is a summary step. No licensed session folder holding
 * one was found, so these are inline records in the shape strands `session/file_session_manager.py`
 * and `types/session.py` write, not a fixture.
 */
import { describe, expect, it } from 'vitest';
import { FolderValue } from './read';
import { fromSessionFolder } from './strands-sources';

const dir = 'session_s1/agents/agent_default';
const msg = (i: number, message: unknown) => [
  `${dir}/messages/message_${i}.json`,
  { message, message_id: i, created_at: `2025-09-01T10:00:0${i}Z` },
];
const folder = (state: unknown) =>
  new FolderValue('session_s1', {
    'session_s1/session.json': { session_id: 's1', session_type: 'AGENT' },
    [`${dir}/agent.json`]: { agent_id: 'default', state: {}, conversation_manager_state: state },
    ...Object.fromEntries([
      msg(0, { role: 'user', content: [{ text: 'List the files.' }] }),
      msg(1, {
        role: 'assistant',
        content: [{ toolUse: { toolUseId: 't1', name: 'shell', input: { command: 'ls' } } }],
      }),
      msg(2, {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 't1', status: 'success', content: [{ text: 'a.py' }] } },
        ],
      }),
      msg(3, { role: 'assistant', content: [{ text: 'One file: a.py.' }] }),
      msg(4, { role: 'user', content: [{ text: 'Read it.' }] }),
      msg(5, { role: 'assistant', content: [{ text: 'It prints hello.' }] }),
    ]),
  });

describe('Strands session summaries', () => {
  it('adds the summary_message after the last message, replacing the removed messages', () => {
    const { histories, warnings } = fromSessionFolder(
      folder({
        __name__: 'SummarizingConversationManager',
        removed_message_count: 3,
        summary_message: { role: 'user', content: [{ text: '## Conversation Summary\n* ls' }] },
      }),
    );
    const steps = histories[0]?.steps ?? [];
    expect(steps.map((s) => s.kind)).toEqual([
      'task',
      'action',
      'action',
      'task',
      'action',
      'summary',
    ]);
    const summary = steps.at(-1);
    expect(
      summary?.kind === 'summary' && [summary.content, summary.replaces, summary.compaction],
    ).toEqual([
      '## Conversation Summary\n* ls',
      // Messages 0–2: the task and the call whose result message 2 holds.
      ['s0', 's1'],
      { recordedAs: 'summary_message' },
    ]);
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('does not record when'),
    ]);
  });

  it('keeps only the warning when the manager removed messages without a summary', () => {
    const { histories, warnings } = fromSessionFolder(
      folder({ __name__: 'SlidingWindowConversationManager', removed_message_count: 2 }),
    );
    expect(histories[0]?.steps.some((s) => s.kind === 'summary')).toBe(false);
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('had already removed 2 message(s)'),
    ]);
  });
});
