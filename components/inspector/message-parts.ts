/**
 * A message of any dialect (lib/messages) as a person reads it: its role, then its texts, the tool
 * calls it makes (name and arguments) and the results it carries, in order. Chat completions
 * (`content`, `tool_calls`, a `tool` role), Anthropic blocks (`text`, `tool_use`, `tool_result`),
 * Strands blocks (`{text}`, `{toolUse}`, `{toolResult}`), smolagents' typed text parts, seed 000's
 * strings and seed 002's view blocks all read the same here.
 */
import type { AnyMessage } from '../../lib/messages';
import type { JsonValue } from '../../lib/model/types';

export type ReadablePart =
  | { readonly kind: 'text'; readonly text: string; readonly label?: string }
  | { readonly kind: 'call'; readonly name: string; readonly id?: string; readonly args: JsonValue }
  | {
      readonly kind: 'result';
      readonly text: string;
      readonly id?: string;
      readonly error: boolean;
    };

export interface ReadableMessage {
  readonly role: string;
  readonly parts: readonly ReadablePart[];
}

type Fields = { readonly [key: string]: unknown };

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJson(value: unknown): value is JsonValue {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isJson);
  return isFields(value) && Object.values(value).every(isJson);
}

function json(value: unknown): JsonValue {
  return isJson(value) ? value : null;
}

/** Chat-completions arguments are a JSON string: shown parsed when they parse. */
function parsedArguments(text: unknown): JsonValue {
  if (typeof text !== 'string') return json(text);
  try {
    return json(JSON.parse(text));
  } catch {
    return text;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A result's content: a string, or text blocks (`[{type: 'text', text}]`, `[{text}]`). */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined ? '' : JSON.stringify(content);
  return content
    .map((b) => (isFields(b) ? (str(b.text) ?? JSON.stringify(b)) : String(b)))
    .join('\n');
}

function blockParts(block: unknown): ReadablePart[] {
  if (typeof block === 'string') return [{ kind: 'text', text: block }];
  if (!isFields(block)) return [];
  switch (block.type) {
    case 'text':
      return [{ kind: 'text', text: str(block.text) ?? '' }];
    case 'tool_use':
      // Anthropic's block; seed 002's view block of the same name carries its text instead.
      if (typeof block.name === 'string')
        return [
          { kind: 'call', name: block.name, id: str(block.id), args: json(block.input ?? null) },
        ];
      break;
    case 'tool_result':
      if (block.tool_use_id !== undefined && block.content !== undefined)
        return [
          {
            kind: 'result',
            text: resultText(block.content),
            id: str(block.tool_use_id),
            error: block.is_error === true,
          },
        ];
      break;
  }
  if (typeof block.type === 'string' && typeof block.text === 'string')
    return [{ kind: 'text', text: block.text, label: block.type }];
  if (typeof block.text === 'string') return [{ kind: 'text', text: block.text }];
  if (isFields(block.toolUse))
    return [
      {
        kind: 'call',
        name: str(block.toolUse.name) ?? 'tool',
        id: str(block.toolUse.toolUseId),
        args: json(block.toolUse.input ?? null),
      },
    ];
  if (isFields(block.toolResult))
    return [
      {
        kind: 'result',
        text: resultText(block.toolResult.content),
        id: str(block.toolResult.toolUseId),
        error: block.toolResult.status === 'error',
      },
    ];
  return [{ kind: 'text', text: JSON.stringify(block) }];
}

function callParts(calls: unknown): ReadablePart[] {
  if (!Array.isArray(calls)) return [];
  return calls.filter(isFields).map((c) => {
    const fn = isFields(c.function) ? c.function : {};
    return {
      kind: 'call' as const,
      name: str(fn.name) ?? 'tool',
      id: str(c.id),
      args: parsedArguments(fn.arguments),
    };
  });
}

export function readableMessage(message: AnyMessage): ReadableMessage {
  const value: unknown = message;
  const m: Fields = isFields(value) ? value : {};
  const role = str(m.role) ?? 'message';
  const content = m.content;
  // A tool's answer: chat completions' `tool` message, smolagents' `tool-response`.
  if (role === 'tool' || role === 'tool-response')
    return {
      role,
      parts: [{ kind: 'result', text: resultText(content), id: str(m.tool_call_id), error: false }],
    };
  const parts: ReadablePart[] = Array.isArray(content)
    ? content.flatMap(blockParts)
    : typeof content === 'string' && content !== ''
      ? [{ kind: 'text', text: content }]
      : [];
  return { role, parts: [...parts, ...callParts(m.tool_calls)] };
}

/** How a role reads in the inspector. */
export function roleLabel(role: string): string {
  const known: Record<string, string> = {
    system: 'System',
    user: 'User',
    assistant: 'Assistant',
    tool: 'Tool result',
    'tool-call': 'Tool call',
    'tool-response': 'Tool response',
  };
  return known[role] ?? role;
}
