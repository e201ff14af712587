/**
 * Tool output read as tool output (issue 21's audit), format by format: smolagents' failed call
 * (`Call id: …\nError:`) is that call's error result and its observation images part of the
 * observation; Inspect's tool messages whose calls were trimmed are observations with their error
 * beside them; OpenHands' finish keeps its model call's usage; Inspect's input count follows the
 * version that wrote it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ActionStep, Step } from '../model/types';
import { importText } from './index';

const fixture = (path: string) =>
  readFileSync(new URL(`../../test/fixtures/real/${path}`, import.meta.url), 'utf8');
const actions = (steps: readonly Step[] = []) =>
  steps.filter((s): s is ActionStep => s.kind === 'action');
const text = (t: string) => [{ type: 'text', text: t }];

describe('tool output, format by format', () => {
  it("smolagents: a failed call's error is its result; observation images are the observation", () => {
    const run = {
      question: 'q',
      answer: 'a',
      intermediate_steps: [
        { role: 'system', content: text('You are an agent.') },
        { role: 'user', content: text('New task:\nq') },
        { role: 'assistant', content: text('Thought: look.') },
        {
          role: 'tool-call',
          content: text(
            "Calling tools:\n[{'id': 'call_2', 'type': 'function', 'function': {'name': 'python_interpreter', 'arguments': 'shot()'}}]",
          ),
        },
        { role: 'user', content: [{ type: 'image' }] },
        {
          role: 'tool-response',
          content: text("Call id: call_2\nError:\nCode execution failed at line 'shot()'"),
        },
      ],
    };
    const r = importText(JSON.stringify(run), 'x.jsonl');
    const [a] = actions(r.file.histories[0]?.steps);
    expect(r.file.histories[0]?.steps.filter((s) => s.kind === 'task')).toHaveLength(1);
    expect(a?.observation).toBe('[image]');
    expect(a?.toolCalls[0]).toMatchObject({
      result: "Code execution failed at line 'shot()'",
      isError: true,
    });
    expect(a?.error).toBeUndefined();
  });

  it('Inspect: a tool message whose call was trimmed is an observation, its error beside it', () => {
    const h = importText(fixture('inspect-ai/log_tool_call_error.json'), 'x.json').file
      .histories[0];
    expect(actions(h?.steps)[1]).toMatchObject({ observation: '...', error: 'timeout: ...' });
  });

  it('Inspect: input tokens are totals before 0.3.184 except for Anthropic, uncached from it', () => {
    const log = JSON.parse(fixture('inspect-ai/log_images_tc.json')) as {
      eval: { packages: Record<string, string> };
      samples: { model_usage: unknown }[];
    };
    const usage = (version: string, models: Record<string, object>) => {
      log.eval.packages.inspect_ai = version;
      (log.samples[0] as { model_usage: unknown }).model_usage = models;
      return importText(JSON.stringify(log), 'x.json').file.histories[0]?.usage;
    };
    const openai = { input_tokens: 323, output_tokens: 5, input_tokens_cache_read: 100 };
    const claude = { input_tokens: 20, output_tokens: 5, input_tokens_cache_write: 300 };
    expect(usage('0.3.41.dev123', { 'openai/gpt-4o': openai })).toMatchObject({
      inputTokens: 323,
      inputCounts: 'total',
    });
    expect(usage('0.3.184', { 'openai/gpt-4o': openai })).toMatchObject({
      inputTokens: 323,
      inputCounts: 'uncached',
    });
    // Two conventions in one sample: the totals lose their cached part.
    expect(
      usage('0.3.41', { 'openai/gpt-4o': openai, 'anthropic/claude-sonnet-4-5': claude }),
    ).toMatchObject({
      inputTokens: 223 + 20,
      cacheReadInputTokens: 100,
      cacheCreationInputTokens: 300,
      inputCounts: 'uncached',
    });
  });

  it("OpenHands: finish is the final action, with its model call's usage", () => {
    const h = importText(fixture('openhands/trajs_basic_interactions.json'), 'x.json').file
      .histories[0];
    expect(h?.steps.at(-1)).toMatchObject({
      kind: 'action',
      isFinal: true,
      modelOutput: "All done! What's next on the agenda?",
      usage: { inputTokens: 2473, cacheReadInputTokens: 2304, inputCounts: 'total' },
    });
  });
});
