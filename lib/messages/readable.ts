/**
 * Any dialect's message as people read it: who speaks, then its text, its tool calls (name and
 * arguments) and its tool results, instead of the request's JSON with `\n` escapes. The shapes are
 * told apart by structure, so a `recorded` message (whatever its framework sent) reads the same as
 * the dialect it came from. Nothing is dropped: every string the model reads is in one block.
 */
import type { JsonValue } from '../model/types';
import type { AnyMessage } from './types';

export type ReadableBlock =
  /** `label`: what the text is when the dialect says (seed 002's `thought`, `summary`, `answer`). */
  | { readonly kind: 'text'; readonly text: string; readonly label?: string }
  | {
      readonly kind: 'tool-call';
      readonly name: string;
      /** The arguments as the dialect holds them (a JSON string in OpenAI's, parsed when it parses). */
      readonly arguments: JsonValue;
      readonly id?: string;
    }
  | {
      readonly kind: 'tool-result';
      readonly text: string;
      readonly id?: string;
      readonly isError?: boolean;
    };

export interface ReadableMessage {
  /** The dialect's own role name (`tool`, `tool-response`, …). */
  readonly role: string;
  readonly blocks: readonly ReadableBlock[];
}

/** OpenAI's arguments are a JSON string: shown as the value it encodes when it is one. */
function parsedArguments(text: string): JsonValue {
  try {
    const value: unknown = JSON.parse(text);
    return isJson(value) ? value : text;
  } catch {
    return text;
  }
}

function isJson(value: unknown): value is JsonValue {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isJson);
  return typeof value === 'object' && Object.values(value).every(isJson);
}

const text = (t: string, label?: string): ReadableBlock =>
  label ? { kind: 'text', text: t, label } : { kind: 'text', text: t };

type Block = Extract<AnyMessage, { content: readonly unknown[] }>['content'][number];

/** One content block of Anthropic, Strands, smolagents or seed 002's view. */
function readBlock(block: Block, role: string): ReadableBlock | ReadableBlock[] {
  if ('toolUse' in block)
    return {
      kind: 'tool-call',
      name: block.toolUse.name,
      arguments: block.toolUse.input,
      id: block.toolUse.toolUseId,
    };
  if ('toolResult' in block)
    return {
      kind: 'tool-result',
      text: block.toolResult.content.map((c) => c.text).join('\n'),
      id: block.toolResult.toolUseId,
      isError: block.toolResult.status === 'error',
    };
  if (!('type' in block)) return text(block.text);
  switch (block.type) {
    case 'tool_use':
      if ('input' in block)
        return { kind: 'tool-call', name: block.name, arguments: block.input, id: block.id };
      // Seed 002's view: the call is in `tool_data`; its `text` ("Using tool: <name>") is read too.
      return [
        text(block.text),
        {
          kind: 'tool-call',
          name: String(block.tool_data?.name ?? block.text),
          arguments: block.tool_data?.args ?? null,
          ...(block.tool_use_id ? { id: block.tool_use_id } : {}),
        },
      ];
    case 'tool_result':
      if ('content' in block)
        return {
          kind: 'tool-result',
          text: block.content,
          id: block.tool_use_id,
          ...(block.is_error ? { isError: true } : {}),
        };
      return {
        kind: 'tool-result',
        text: block.text,
        ...(block.tool_use_id ? { id: block.tool_use_id } : {}),
        ...(block.tool_data?.error ? { isError: true } : {}),
      };
    case 'text':
      // smolagents' tool responses are text blocks of a `tool-response` message.
      return role === 'tool-response'
        ? { kind: 'tool-result', text: block.text }
        : text(block.text);
    default:
      return text(block.text, block.type.replace(/_/g, ' '));
  }
}

export function readableMessage(message: AnyMessage): ReadableMessage {
  const role = message.role;
  if (typeof message.content !== 'string' && message.content !== null)
    return { role, blocks: message.content.flatMap((b: Block) => readBlock(b, role)) };
  const content = message.content ?? '';
  if ('tool_call_id' in message && message.tool_call_id !== undefined)
    return { role, blocks: [{ kind: 'tool-result', text: content, id: message.tool_call_id }] };
  const blocks: ReadableBlock[] = content === '' ? [] : [text(content)];
  if ('tool_calls' in message)
    for (const call of message.tool_calls ?? [])
      blocks.push({
        kind: 'tool-call',
        name: call.function.name,
        arguments: parsedArguments(call.function.arguments),
        id: call.id,
      });
  return { role, blocks };
}
