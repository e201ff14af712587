/**
 * pi sessions from version 2 on are trees: the timeline follows the path from the last entry to
 * the root, as pi builds the model's context; compactions stand for the steps they replaced; tool
 * results link to their calls; the user's `!` commands are sent to the model as user messages.
 */
import { describe, expect, it } from 'vitest';
import { importText } from './index';

const header = {
  type: 'session',
  version: 3,
  id: '0c1d2e3f-aaaa-4bbb-8ccc-123456789abc',
  timestamp: '2026-08-20T10:00:00.000Z',
  cwd: '/work/app',
};
let clock = 0;
const at = () => `2026-08-20T10:00:${String(++clock).padStart(2, '0')}.000Z`;
const msg = (id: string, parentId: string | null, message: object) => ({
  type: 'message',
  id,
  parentId,
  timestamp: at(),
  message,
});
const user = (id: string, parentId: string | null, text: string) =>
  msg(id, parentId, { role: 'user', content: [{ type: 'text', text }] });
const assistant = (id: string, parentId: string, content: object[], extra: object = {}) =>
  msg(id, parentId, {
    role: 'assistant',
    content,
    model: 'claude-sonnet-4-5',
    usage: {
      input: 100,
      output: 20,
      cacheRead: 400,
      cacheWrite: 50,
      totalTokens: 570,
      cost: { total: 0.0021 },
    },
    stopReason: 'stop',
    ...extra,
  });
const result = (id: string, parentId: string, toolCallId: string, text: string, isError = false) =>
  msg(id, parentId, {
    role: 'toolResult',
    toolCallId,
    toolName: 'bash',
    content: [{ type: 'text', text }],
    isError,
  });
const read = (...entries: object[]) =>
  importText([header, ...entries].map((e) => JSON.stringify(e)).join('\n'), 'session.jsonl');
const texts = (r: ReturnType<typeof read>) =>
  r.file.histories[0]?.steps.map((s) =>
    s.kind === 'task'
      ? `task: ${s.task}`
      : s.kind === 'summary'
        ? `summary: ${s.content} (replaces ${s.replaces.join(',')})`
        : s.kind === 'action'
          ? `action: ${s.modelOutput}`
          : s.kind,
  );

describe('pi sessions', () => {
  it('follow the branch the session ended on, counting the entries left on others', () => {
    const r = read(
      user('u1', null, 'fix the bug'),
      assistant('a1', 'u1', [{ type: 'text', text: 'first attempt' }]),
      assistant('a2', 'u1', [{ type: 'text', text: 'second attempt' }]),
      user('u2', 'a2', 'thanks'),
    );
    expect(r.format).toBe('pi');
    expect(texts(r)).toEqual(['task: fix the bug', 'action: second attempt', 'task: thanks']);
    expect(r.file.histories[0]?.meta?.offBranch).toBe(1);
    expect(r.file.histories[0]?.title).toBe('pi session 0c1d2e3f');
  });

  it('link tool results to their calls, keep thinking apart, and read usage and cost', () => {
    const r = read(
      user('u1', null, 'run the tests'),
      assistant(
        'a1',
        'u1',
        [
          { type: 'thinking', thinking: 'Run them first.' },
          { type: 'toolCall', id: 'tc1', name: 'bash', arguments: { command: 'npm test' } },
        ],
        { stopReason: 'toolUse' },
      ),
      result('r1', 'a1', 'tc1', '2 failing', true),
      result('r2', 'r1', 'nope', 'orphan'),
    );
    const [a, orphan] = r.file.histories[0]?.steps.filter((s) => s.kind === 'action') ?? [];
    expect(a?.kind === 'action' && a.thought).toBe('Run them first.');
    expect(a?.kind === 'action' && a.toolCalls).toEqual([
      {
        id: 'tc1',
        name: 'bash',
        arguments: { command: 'npm test' },
        result: '2 failing',
        isError: true,
      },
    ]);
    expect(a?.kind === 'action' && a.usage).toEqual({
      inputTokens: 100,
      outputTokens: 20,
      cacheReadInputTokens: 400,
      cacheCreationInputTokens: 50,
      totalTokens: 570,
      costUsd: 0.0021,
      inputCounts: 'uncached',
    });
    expect(orphan?.kind === 'action' && orphan.observation).toBe('orphan');
    expect(r.warnings.map((w) => w.message)).toEqual([
      'a bash result answers no earlier call (nope); kept as an observation',
    ]);
  });

  it('show a compaction as a summary of the steps before its first kept entry', () => {
    const r = read(
      user('u1', null, 'old question'),
      assistant('a1', 'u1', [{ type: 'text', text: 'old answer' }]),
      user('u2', 'a1', 'kept question'),
      assistant('a2', 'u2', [{ type: 'text', text: 'kept answer' }]),
      {
        type: 'compaction',
        id: 'c1',
        parentId: 'a2',
        timestamp: at(),
        summary: 'The user asked an old question.',
        firstKeptEntryId: 'u2',
        tokensBefore: 52000,
      },
      user('u3', 'c1', 'new question'),
    );
    expect(texts(r)).toEqual([
      'task: old question',
      'action: old answer',
      'task: kept question',
      'action: kept answer',
      'summary: The user asked an old question. (replaces s0,s1)',
      'task: new question',
    ]);
  });

  it('read a second compaction as replacing only what was still in context, the first summary included', () => {
    const r = read(
      user('u1', null, 'q1'),
      assistant('a1', 'u1', [{ type: 'toolCall', id: 't1', name: 'bash', arguments: {} }]),
      result('r1', 'a1', 't1', 'out'),
      assistant('a2', 'r1', [{ type: 'text', text: 'answer 1' }]),
      {
        type: 'compaction',
        id: 'c1',
        parentId: 'a2',
        timestamp: at(),
        summary: 'S1',
        firstKeptEntryId: 'a2',
      },
      user('u2', 'c1', 'q2'),
      assistant('a3', 'u2', [{ type: 'text', text: 'answer 2' }]),
      {
        type: 'compaction',
        id: 'c2',
        parentId: 'a3',
        timestamp: at(),
        summary: 'S2',
        firstKeptEntryId: 'u2',
      },
      user('u3', 'c2', 'q3'),
    );
    expect(texts(r)).toEqual([
      'task: q1',
      'action: ',
      'action: answer 1',
      'summary: S1 (replaces s0,s1)',
      'task: q2',
      'action: answer 2',
      'summary: S2 (replaces s2,s3)',
      'task: q3',
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("read version 1's firstKeptEntryIndex as an index into the file's entries, the header at 0", () => {
    const v1 = [
      { type: 'session', id: 'v1-session', timestamp: at(), cwd: '/w' },
      { type: 'message', timestamp: at(), message: { role: 'user', content: 'old' } },
      // Kept from a model change: it adds no step, so the kept steps start at the next one.
      { type: 'model_change', timestamp: at(), provider: 'anthropic', modelId: 'claude-opus-4-5' },
      { type: 'message', timestamp: at(), message: { role: 'user', content: 'kept' } },
      {
        type: 'compaction',
        timestamp: at(),
        summary: 'S',
        firstKeptEntryIndex: 2,
        tokensBefore: 9,
      },
      { type: 'message', timestamp: at(), message: { role: 'user', content: 'new' } },
    ];
    const r = importText(v1.map((e) => JSON.stringify(e)).join('\n'), 'v1.jsonl');
    expect(texts(r)).toEqual(['task: old', 'task: kept', 'summary: S (replaces s0)', 'task: new']);
    const bad = importText(
      v1
        .map((e) => JSON.stringify(e.type === 'compaction' ? { ...e, firstKeptEntryIndex: 7 } : e))
        .join('\n'),
      'v1.jsonl',
    );
    expect(texts(bad)).toEqual([
      'task: old',
      'task: kept',
      'summary: S (replaces s0,s1)',
      'task: new',
    ]);
    expect(bad.warnings.map((w) => w.message)).toEqual([
      'a compaction whose first kept entry is not on the path before it: every earlier step is taken as replaced',
    ]);
  });

  it("send the user's ! commands and custom messages as user messages; keep extension state out", () => {
    const r = read(
      user('u1', null, 'look around'),
      msg('b1', 'u1', {
        role: 'bashExecution',
        command: 'ls',
        output: 'src\ntest',
        exitCode: 2,
        cancelled: false,
        truncated: false,
      }),
      {
        type: 'custom',
        id: 'x1',
        parentId: 'b1',
        timestamp: at(),
        customType: 'todo',
        data: { items: [] },
      },
      {
        type: 'custom_message',
        id: 'x2',
        parentId: 'x1',
        timestamp: at(),
        customType: 'note',
        content: 'Remember the style guide.',
        display: true,
      },
      { type: 'session_info', id: 'x3', parentId: 'x2', timestamp: at(), name: 'Explore' },
      assistant('a1', 'x3', [{ type: 'text', text: 'Done.' }]),
    );
    expect(texts(r)).toEqual([
      'task: look around',
      'task: Ran `ls`\nsrc\ntest\n(exit code 2)',
      'task: Remember the style guide.',
      'action: Done.',
    ]);
    expect(r.file.histories[0]?.title).toBe('pi session 0c1d2e3f · Explore');
  });

  it('refuse a session whose path holds nothing the model saw', () => {
    expect(() =>
      read({
        type: 'message',
        id: 'm1',
        parentId: null,
        timestamp: at(),
        message: { role: 'mystery' },
      }),
    ).toThrow('session.jsonl: the pi session holds no message the model saw');
  });
});
