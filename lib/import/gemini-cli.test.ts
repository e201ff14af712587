/**
 * Gemini CLI sessions in their JSONL form (what newer CLIs append): a metadata line, messages
 * re-appended by id, and `$set` / `$rewindTo` / `$patch` control lines, folded as the CLI folds
 * them; failed tool calls; notices that are not steps.
 */
import { describe, expect, it } from 'vitest';
import { importText } from './index';

const meta = {
  sessionId: '3f2c1a9e-1111-4222-8333-944445555666',
  projectHash: 'ab12',
  startTime: '2026-05-17T11:07:00.000Z',
  kind: 'main',
};
const user = (id: string, text: string) => ({
  id,
  timestamp: '2026-05-17T11:07:01.000Z',
  type: 'user',
  content: [{ text }],
});
const reply = (id: string, text: string, extra: object = {}) => ({
  id,
  timestamp: '2026-05-17T11:07:02.000Z',
  type: 'gemini',
  content: text,
  model: 'gemini-2.5-pro',
  ...extra,
});
const shell = (status: string, output?: string) => ({
  id: 'run_shell_command-1',
  name: 'run_shell_command',
  args: { command: 'npm test' },
  ...(output === undefined
    ? {}
    : {
        result: [
          {
            functionResponse: {
              id: 'run_shell_command-1',
              name: 'run_shell_command',
              response: { output },
            },
          },
        ],
      }),
  status,
  resultDisplay: 'tests failed',
});
const jsonl = (...records: object[]) => records.map((r) => JSON.stringify(r)).join('\n');
const read = (text: string) => importText(text, 'session-2026-05-17.jsonl');

describe('Gemini CLI JSONL sessions', () => {
  it('keep the last copy of a re-appended message where it first stood', () => {
    const r = read(
      jsonl(
        meta,
        user('u1', 'run the tests'),
        reply('g1', ''),
        { $set: { lastUpdated: '2026-05-17T11:08:00.000Z' } },
        reply('g1', '', {
          toolCalls: [shell('success', 'ok 12 tests')],
          tokens: { input: 900, output: 10, cached: 600, thoughts: 5, total: 915 },
        }),
        reply('g2', 'All 12 tests pass.'),
      ),
    );
    expect(r.format).toBe('gemini-cli');
    expect(r.warnings).toEqual([]);
    const [h] = r.file.histories;
    expect(h?.title).toBe('gemini session 3f2c1a9e');
    expect(h?.meta?.lastUpdated).toBe('2026-05-17T11:08:00.000Z');
    expect(h?.steps.map((s) => s.kind)).toEqual(['task', 'action', 'action']);
    const call = h?.steps[1]?.kind === 'action' ? h.steps[1] : undefined;
    expect(call?.toolCalls).toEqual([
      {
        id: 'run_shell_command-1',
        name: 'run_shell_command',
        arguments: { command: 'npm test' },
        result: 'ok 12 tests',
      },
    ]);
    expect(call?.usage).toEqual({
      inputTokens: 900,
      outputTokens: 15,
      cacheReadInputTokens: 600,
      totalTokens: 915,
      inputCounts: 'total',
    });
    expect(call?.source?.line).toBe(5);
    expect(h?.steps[2]?.kind === 'action' && h.steps[2].isFinal).toBe(true);
  });

  it('drop the rewound messages, apply patches, and take a $set summary as the title', () => {
    const r = read(
      jsonl(
        meta,
        user('u1', 'first try'),
        reply('g1', 'answer one'),
        { $rewindTo: 'u1' },
        user('u2', 'second try'),
        reply('g2', 'answer two'),
        { $patch: { id: 'g2', content: 'answer two, edited' } },
        { $set: { summary: 'Fix the tests' } },
      ),
    );
    const [h] = r.file.histories;
    expect(h?.title).toBe('gemini session 3f2c1a9e · Fix the tests');
    expect(
      h?.steps.map((s) => (s.kind === 'task' ? s.task : s.kind === 'action' ? s.modelOutput : '')),
    ).toEqual(['second try', 'answer two, edited']);
  });

  it('say so when a rewind names no message (everything before it is dropped, as the CLI does)', () => {
    const r = read(
      jsonl(meta, user('u1', 'lost'), { $rewindTo: 'nope' }, user('u2', 'kept'), reply('g2', 'ok')),
    );
    expect(r.warnings.map((w) => w.message)).toEqual([
      'line 3: a rewind to nope, which no message has; every earlier message was dropped, as the CLI does',
    ]);
    expect(r.file.histories[0]?.steps).toHaveLength(2);
  });

  it('mark failed and cancelled calls as errors, and list notices apart from the steps', () => {
    const r = read(
      jsonl(
        meta,
        user('u1', 'run it'),
        reply('g1', '', { toolCalls: [shell('error', 'Exit Code: 1')] }),
        { id: 'w1', type: 'warning', content: 'Loop detected' },
        reply('g2', '', { toolCalls: [{ ...shell('cancelled'), id: 'c2' }] }),
        { id: 'e1', type: 'error', content: 'API quota exceeded' },
      ),
    );
    const steps = r.file.histories[0]?.steps ?? [];
    expect(
      steps.map((s) =>
        s.kind === 'action' ? s.toolCalls.map((c) => [c.result, c.isError]) : s.kind,
      ),
    ).toEqual(['task', [['Exit Code: 1', true]], [['[cancelled] tests failed', true]]]);
    expect(r.file.histories[0]?.meta?.notices).toEqual([
      { type: 'warning', text: 'Loop detected' },
      { type: 'error', text: 'API quota exceeded' },
    ]);
  });

  it('refuse a session with no messages, and name the problem in a broken one', () => {
    expect(() => read(jsonl(meta, { id: 'i1', type: 'info', content: 'hi' }))).toThrow(
      /not a format Stepscope reads|looks like Gemini CLI/,
    );
    expect(() => importText(JSON.stringify({ ...meta, messages: [] }), 's.json')).toThrow(
      's.json: the Gemini CLI session holds no user or gemini message',
    );
    expect(() =>
      importText(JSON.stringify({ ...meta, messages: [{ type: 'user' }] }), 's.json'),
    ).toThrow(/^s\.json: looks like Gemini CLI chat session, but at \/messages\/0\/id: /);
  });
});
