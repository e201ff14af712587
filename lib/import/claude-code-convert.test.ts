/**
 * Claude Code compactions (issue 22 item 3): the `compact_boundary` line's metadata on the summary
 * step, the messages it preserved, and the branch that goes on through the boundary's
 * `logicalParentUuid`. Hand-written records in the shape daaain/claude-code-log's
 * test/test_data/dag_compact_after_rewind*.jsonl (be3a5a4595a6) have: no licensed session from a
 * real run with a compaction could be copied (see the report of this change).
 */
import { describe, expect, it } from 'vitest';
import type { SummaryStep } from '../model/types';
import { importSources } from './files';
import { parseBytes } from './read';

const base = { isSidechain: false, sessionId: 's1', cwd: '/tmp' };
const user = (uuid: string, parentUuid: string | null, text: string, extra = {}) => ({
  ...base,
  type: 'user',
  uuid,
  parentUuid,
  message: { role: 'user', content: [{ type: 'text', text }] },
  ...extra,
});
const reply = (uuid: string, parentUuid: string, text: string, input: number) => ({
  ...base,
  type: 'assistant',
  uuid,
  parentUuid,
  message: {
    id: `msg_${uuid}`,
    role: 'assistant',
    model: 'claude-sonnet-4-20250514',
    content: [{ type: 'text', text }],
    usage: { input_tokens: input, output_tokens: 5 },
  },
});
const boundary = (logicalParentUuid: string, compactMetadata: Record<string, unknown>) => ({
  ...base,
  type: 'system',
  subtype: 'compact_boundary',
  uuid: 'cb',
  parentUuid: null,
  logicalParentUuid,
  content: 'Conversation compacted',
  compactMetadata,
});

function read(records: unknown[]) {
  const text = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const r = importSources([parseBytes(new TextEncoder().encode(text), 'session.jsonl')]);
  return r.histories[0]?.steps ?? [];
}

describe('Claude Code compact_boundary', () => {
  // A rewound session (two answers to a1), then a compaction: the boundary has no parentUuid.
  const rewound = [
    user('u1', null, 'Start'),
    reply('a1', 'u1', 'Ready', 100),
    user('b1u', 'a1', 'First attempt'),
    reply('b1a', 'b1u', 'First answer', 200),
    user('b2u', 'a1', 'Second attempt'),
    reply('b2a', 'b2u', 'Second answer', 300),
    user('b2u2', 'b2a', 'Keep going'),
    reply('b2a2', 'b2u2', 'Kept going', 400),
    boundary('b2a2', { trigger: 'auto', preTokens: 150000 }),
    user('cs', 'cb', 'Summary: the user asked for a plan.', { isCompactSummary: true }),
    user('p1u', 'cs', 'After compaction'),
    reply('p1a', 'p1u', 'Final answer', 50),
  ];

  it('attaches trigger and preTokens, and keeps the branch through logicalParentUuid', () => {
    const steps = read(rewound);
    expect(steps.map((s) => s.kind)).toEqual([
      'task',
      'action',
      'task',
      'action',
      'task',
      'action',
      'summary',
      'task',
      'action',
    ]);
    const summary = steps[6] as SummaryStep;
    expect(summary.content).toBe('Summary: the user asked for a plan.');
    expect(summary.compaction).toEqual({
      recordedAs: 'compact_boundary',
      tokensBefore: 150000,
      trigger: 'auto',
    });
    // The abandoned first attempt is off the branch; the rest before the boundary is replaced.
    expect(summary.replaces).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
  });

  it('keeps the messages the boundary preserved, and postTokens as tokensAfter', () => {
    const steps = read([
      user('u1', null, 'Start'),
      reply('a1', 'u1', 'Ready', 100),
      user('b2u', 'a1', 'Second attempt'),
      reply('b2a', 'b2u', 'Second answer', 300),
      user('b2u2', 'b2a', 'Keep going'),
      boundary('b2u2', {
        trigger: 'manual',
        preTokens: 150000,
        postTokens: 12000,
        preservedMessages: { anchorUuid: 'cs', uuids: ['b2a', 'b2u2'] },
      }),
      user('cs', 'cb', 'Summary.', { isCompactSummary: true }),
    ]);
    const summary = steps.at(-1) as SummaryStep;
    expect(summary.compaction).toEqual({
      recordedAs: 'compact_boundary',
      tokensBefore: 150000,
      tokensAfter: 12000,
      trigger: 'manual',
    });
    expect(summary.replaces).toEqual(['s0', 's1', 's2']);
  });

  it('records a summary line with no boundary as isCompactSummary', () => {
    const steps = read([
      user('u1', null, 'Start'),
      reply('a1', 'u1', 'Ready', 100),
      user('cs', 'a1', 'Summary.', { isCompactSummary: true }),
    ]);
    expect((steps[2] as SummaryStep).compaction).toEqual({ recordedAs: 'isCompactSummary' });
    expect((steps[2] as SummaryStep).replaces).toEqual(['s0', 's1']);
  });
});
