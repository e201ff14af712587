import { describe, expect, it } from 'vitest';
import { importText } from '.';

/** `codex exec --json` stdout: one event per line (shapes from codex-rs/exec/src/exec_events.rs). */
const stdout = (...events: object[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

describe('codex exec --json stdout', () => {
  it('reads the thread, items, usage per turn, and a failed turn as the last step’s error', () => {
    const { format, file, warnings } = importText(
      stdout(
        { type: 'thread.started', thread_id: '0199a213-81c0-7800-8aa1-bbab2a035a53' },
        { type: 'turn.started' },
        { type: 'item.completed', item: { id: 'item_0', type: 'reasoning', text: '**Listing**' } },
        {
          type: 'item.completed',
          item: {
            id: 'item_1',
            type: 'command_execution',
            command: 'bash -lc ls',
            aggregated_output: 'README.md\n',
            exit_code: 0,
            status: 'completed',
          },
        },
        {
          type: 'item.completed',
          item: { id: 'item_2', type: 'agent_message', text: 'One file.' },
        },
        {
          type: 'turn.completed',
          usage: { input_tokens: 2946, cached_input_tokens: 1024, output_tokens: 7 },
        },
        { type: 'turn.started' },
        { type: 'turn.failed', error: { message: 'stream disconnected before completion' } },
      ),
      'run.jsonl',
    );
    expect(format).toBe('codex');
    expect(warnings).toEqual([]);
    const [h] = file.histories;
    expect(h?.title).toBe('codex exec thread 0199a213-81c0-7800-8aa1-bbab2a035a53');
    expect(
      h?.steps.map((s) =>
        s.kind === 'action'
          ? [s.thought, s.toolCalls.map((c) => [c.name, c.result]), s.modelOutput, s.usage, s.error]
          : s.kind,
      ),
    ).toEqual([
      ['**Listing**', [['command_execution', 'README.md\n']], undefined, undefined, undefined],
      [
        undefined,
        [],
        'One file.',
        { inputTokens: 2946, outputTokens: 7, cacheReadInputTokens: 1024 },
        'stream disconnected before completion',
      ],
    ]);
    expect(h?.steps.map((s) => s.source?.line)).toEqual([4, 5]);
  });

  it('says so when the stream fails before any step', () => {
    const { warnings } = importText(
      stdout(
        { type: 'thread.started', thread_id: 't' },
        { type: 'error', message: 'unauthorized' },
        { type: 'item.completed', item: { id: 'i', type: 'agent_message', text: 'hi' } },
      ),
      'run.jsonl',
    );
    expect(warnings.map((w) => w.message)).toEqual(['error before any step: unauthorized']);
  });
});
