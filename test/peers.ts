/**
 * The peers Stepscope is checked against, in their own types: LangChain messages for
 * `trimMessages` and Strands SDK messages for `SlidingWindowConversationManager`, converted from and
 * back to ours. Shared by the differential tests and the benchmarks (bench/suites/peers.ts).
 */
import {
  AIMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  type BaseMessage,
} from '@langchain/core/messages';
import { Message } from '@strands-agents/sdk';
import type { OpenAIMessage, StrandsMessage } from '../lib/messages/types';

export function toLangChain(m: OpenAIMessage): BaseMessage {
  switch (m.role) {
    case 'system':
      return new SystemMessage(m.content ?? '');
    case 'user':
      return new HumanMessage(m.content ?? '');
    case 'tool':
      return new ToolMessage({ content: m.content ?? '', tool_call_id: m.tool_call_id ?? '' });
    case 'assistant':
      return new AIMessage({
        content: m.content ?? '',
        tool_calls: (m.tool_calls ?? []).map((c) => ({
          id: c.id,
          name: c.function.name,
          args: JSON.parse(c.function.arguments),
          type: 'tool_call' as const,
        })),
      });
  }
}

export function fromLangChain(m: BaseMessage): OpenAIMessage {
  const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  switch (m.getType()) {
    case 'system':
      return { role: 'system', content };
    case 'human':
      return { role: 'user', content };
    case 'tool':
      return { role: 'tool', content, tool_call_id: (m as ToolMessage).tool_call_id };
    default: {
      const calls = (m as AIMessage).tool_calls ?? [];
      const out: OpenAIMessage = {
        role: 'assistant',
        content: content === '' && calls.length > 0 ? null : content,
      };
      if (calls.length > 0) {
        out.tool_calls = calls.map((c) => ({
          id: c.id as string,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify(c.args) },
        }));
      }
      return out;
    }
  }
}

export const toSdk = (messages: readonly StrandsMessage[]) =>
  messages.map((m) => Message.fromMessageData(structuredClone(m) as never));

export const fromSdk = (messages: readonly Message[]) =>
  messages.map((m) => {
    const { role, content } = m.toJSON() as { role: string; content: unknown[] };
    return { role, content };
  });
