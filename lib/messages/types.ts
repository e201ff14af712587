/**
 * Message shapes per dialect: what a model would receive from a list of steps. The system prompt is
 * kept in the list as a `system` message in every dialect so that counting and display see it; for
 * Anthropic and Strands it is the request's separate `system` parameter (see `splitSystem`).
 */
import type { JsonValue, Step } from '../model/types';
import type { SessionTrajectoryMessage } from './trajectory';

/** `recorded` (the default): each step as its own framework sent it (recorded.ts). */
export const DIALECTS = [
  'recorded',
  'tinyagent',
  'openai',
  'anthropic',
  'strands',
  'smolagents',
  'session-trajectory',
] as const;
export type Dialect = (typeof DIALECTS)[number];

/** Seed 000: plain role/content pairs; observations travel as `user` messages. */
export interface TinyAgentMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAIMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: OpenAIToolCall[];
  tool_call_id?: string;
}

export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: JsonValue }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface AnthropicMessage {
  role: 'system' | 'user' | 'assistant';
  content: AnthropicBlock[];
}

/** Strands / Bedrock Converse content blocks: single-key objects, no `type` field. */
export type StrandsBlock =
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: JsonValue } }
  | { toolResult: { toolUseId: string; status: 'success' | 'error'; content: { text: string }[] } };

export interface StrandsMessage {
  role: 'system' | 'user' | 'assistant';
  content: StrandsBlock[];
}

/** smolagents `ChatMessage.dict()` roles, hyphenated as in its MessageRole enum. */
export interface SmolagentsMessage {
  role: 'system' | 'user' | 'assistant' | 'tool-call' | 'tool-response';
  content: { type: 'text'; text: string }[];
}

export interface DialectMessages {
  /** Whatever shape the step's own framework sends. */
  recorded:
    TinyAgentMessage | OpenAIMessage | AnthropicMessage | StrandsMessage | SmolagentsMessage;
  tinyagent: TinyAgentMessage;
  openai: OpenAIMessage;
  anthropic: AnthropicMessage;
  strands: StrandsMessage;
  smolagents: SmolagentsMessage;
  /** Seed 002 `get_messages_view()` (session-trajectory.ts). */
  'session-trajectory': SessionTrajectoryMessage;
}

export type AnyMessage = DialectMessages[Dialect];

export interface MessageOptions {
  /** smolagents `summary_mode` (seed 004): drop system prompt, model outputs and plans. */
  summaryMode?: boolean;
}

/** One message of a step, with the step parts it carries (see `StepPart`). */
export interface MessageUnit<M = AnyMessage> {
  message: M;
  parts: string[];
}

/**
 * A dialect: how steps become the messages one framework or API sends, and how people name it.
 * Each dialect's module exports its entry; index.ts keys them by id (`DIALECT_REGISTRY`).
 */
export interface DialectEntry {
  readonly label: string;
  /** One line for help texts and menus. */
  readonly description: string;
  units(step: Step, options: MessageOptions): MessageUnit[];
  /**
   * How a whole list's messages join across steps, where the dialect groups more than one step
   * into a message (`toMessages` applies it; per-step views and token counts do not).
   */
  join?(messages: AnyMessage[]): AnyMessage[];
}

export interface DialectInfo extends DialectEntry {
  readonly id: Dialect;
}
