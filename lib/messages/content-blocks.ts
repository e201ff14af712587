/**
 * Anthropic Messages (`tool_use` / `tool_result` blocks) and Strands Agents (`toolUse` / `toolResult`
 * blocks, Bedrock Converse style) share one layout: an assistant turn with text and calls, then a
 * user turn whose tool results come first. Only the block shapes differ.
 */
import type { JsonValue, Step } from '../model/types';
import { actionPieces } from './action-parts';
import { ERROR_PREFIX, OBSERVATION_PREFIX } from './strings';
import type {
  AnthropicBlock,
  AnthropicMessage,
  DialectEntry,
  MessageUnit,
  StrandsBlock,
  StrandsMessage,
} from './types';
import { assistantParts, plainUnits, resultParts, type PlainRole } from './units';

interface BlockShapes<B> {
  text(text: string): B;
  toolUse(id: string, name: string, input: JsonValue): B;
  toolResult(id: string, content: string, isError: boolean): B;
}

function blockUnits<B>(
  step: Step,
  shapes: BlockShapes<B>,
): MessageUnit<{ role: PlainRole; content: B[] }>[] {
  if (step.kind !== 'action')
    return plainUnits(step, (role, text) => ({ role, content: [shapes.text(text)] }));
  const pieces = actionPieces(step);
  const out: MessageUnit<{ role: PlainRole; content: B[] }>[] = [];
  const assistant: B[] = [];
  if (pieces.text !== '') assistant.push(shapes.text(pieces.text));
  for (const c of pieces.calls) assistant.push(shapes.toolUse(c.id, c.name, c.arguments));
  if (assistant.length > 0)
    out.push({ message: { role: 'assistant', content: assistant }, parts: assistantParts(step) });
  const user: B[] = pieces.results.map((r) => shapes.toolResult(r.id, r.content, r.isError));
  if (pieces.observation !== undefined)
    user.push(shapes.text(`${OBSERVATION_PREFIX}${pieces.observation}`));
  if (pieces.error !== undefined) user.push(shapes.text(`${ERROR_PREFIX}${pieces.error}`));
  if (user.length > 0)
    out.push({ message: { role: 'user', content: user }, parts: resultParts(step) });
  return out;
}

const anthropicShapes: BlockShapes<AnthropicBlock> = {
  text: (text) => ({ type: 'text', text }),
  toolUse: (id, name, input) => ({ type: 'tool_use', id, name, input }),
  toolResult: (id, content, isError) =>
    isError
      ? { type: 'tool_result', tool_use_id: id, content, is_error: true }
      : { type: 'tool_result', tool_use_id: id, content },
};

const strandsShapes: BlockShapes<StrandsBlock> = {
  text: (text) => ({ text }),
  toolUse: (toolUseId, name, input) => ({ toolUse: { toolUseId, name, input } }),
  toolResult: (toolUseId, content, isError) => ({
    toolResult: { toolUseId, status: isError ? 'error' : 'success', content: [{ text: content }] },
  }),
};

export function anthropicUnits(step: Step): MessageUnit<AnthropicMessage>[] {
  return blockUnits(step, anthropicShapes);
}

export function strandsUnits(step: Step): MessageUnit<StrandsMessage>[] {
  return blockUnits(step, strandsShapes);
}

export const anthropicDialect: DialectEntry = {
  label: 'Anthropic',
  description: 'Messages API: tool_use and tool_result blocks',
  units: anthropicUnits,
};

export const strandsDialect: DialectEntry = {
  label: 'Strands',
  description: 'Strands Agents: toolUse and toolResult blocks',
  units: strandsUnits,
};
