/**
 * OpenLLMetry's indexed prompt and completion attributes (Traceloop; AgentOps and LiteLLM write
 * them too): messages, tool calls and their results, and token counts read from one span per call.
 */
import { describe, expect, it } from 'vitest';
import { importText } from './index';

const span = (id: string, startMs: number, attributes: object) => ({
  name: 'openai.chat',
  span_id: id,
  trace_id: 't1',
  start_time: String(BigInt(startMs) * 1_000_000n),
  end_time: String(BigInt(startMs + 300) * 1_000_000n),
  attributes: { 'llm.request.type': 'chat', 'gen_ai.request.model': 'gpt-4o-mini', ...attributes },
});

describe('OpenLLMetry indexed attributes', () => {
  it("read each call's prompt and completion, linking tool results to their calls", () => {
    const first = span('a', 1000, {
      'gen_ai.prompt.0.role': 'system',
      'gen_ai.prompt.0.content': 'You check the weather.',
      'gen_ai.prompt.1.role': 'user',
      'gen_ai.prompt.1.content': 'Weather in Paris?',
      'gen_ai.completion.0.role': 'assistant',
      'gen_ai.completion.0.tool_calls.0.id': 'call_1',
      'gen_ai.completion.0.tool_calls.0.name': 'get_weather',
      'gen_ai.completion.0.tool_calls.0.arguments': '{"city": "Paris"}',
      'gen_ai.usage.prompt_tokens': 40,
      'gen_ai.usage.completion_tokens': 9,
      'llm.usage.total_tokens': 49,
    });
    const second = span('b', 2000, {
      'gen_ai.prompt.0.role': 'system',
      'gen_ai.prompt.0.content': 'You check the weather.',
      'gen_ai.prompt.1.role': 'user',
      'gen_ai.prompt.1.content': 'Weather in Paris?',
      'gen_ai.prompt.2.role': 'assistant',
      'gen_ai.prompt.3.role': 'tool',
      'gen_ai.prompt.3.tool_call_id': 'call_1',
      'gen_ai.prompt.3.content': '[{"type": "text", "text": "18°C, clear"}]',
      'gen_ai.completion.0.role': 'assistant',
      'gen_ai.completion.0.content': 'It is 18°C and clear in Paris.',
    });
    const r = importText(JSON.stringify([second, first]), 'spans.json');
    expect(r.format).toBe('otel');
    const steps = r.file.histories[0]?.steps ?? [];
    expect(steps.map((s) => s.kind)).toEqual(['system-prompt', 'task', 'action', 'action']);
    const call = steps[2];
    expect(call?.kind === 'action' && [call.toolCalls, call.usage]).toEqual([
      [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' }, result: '18°C, clear' }],
      { inputTokens: 40, outputTokens: 9, totalTokens: 49, inputCounts: 'total' },
    ]);
    expect(steps[3]?.kind === 'action' && steps[3].modelOutput).toBe(
      'It is 18°C and clear in Paris.',
    );
  });
});
