/**
 * Anthropic Messages (`tool_use` / `tool_result` blocks) and Strands Agents (`toolUse` / `toolResult`
 * blocks, Bedrock Converse style) share one layout: an assistant turn with text and calls, then a
 * user turn whose tool results come first. Only the block shapes differ.
 */
import { assertUnreachable } from '../model/steps';
import type { JsonValue, Step, StepPart } from '../model/types';
import { actionPieces } from './action-parts';
import { ERROR_PREFIX, OBSERVATION_PREFIX, PLAN_FOLLOW_UP, SCRATCHPAD_PREFIX } from './strings';
import type {
  AnthropicBlock,
  AnthropicMessage,
  MessageUnit,
  StrandsBlock,
  StrandsMessage,
} from './types';
import { assistantParts, resultParts, whole } from './units';

interface BlockShapes<B> {
  text(text: string): B;
  toolUse(id: string, name: string, input: JsonValue): B;
  toolResult(id: string, content: string, isError: boolean): B;
}

type Role = 'system' | 'user' | 'assistant';

function blockUnits<B>(
  step: Step,
  shapes: BlockShapes<B>,
): MessageUnit<{ role: Role; content: B[] }>[] {
  type Unit = MessageUnit<{ role: Role; content: B[] }>;
  const one = (role: Role, text: string, parts: StepPart[] = ['content']): Unit => ({
    message: { role, content: [shapes.text(text)] },
    parts,
  });
  switch (step.kind) {
    case 'system-prompt':
      return whole(step, [one('system', step.content)]);
    case 'task':
      return whole(step, [one('user', step.task)]);
    case 'action': {
      const pieces = actionPieces(step);
      const out: Unit[] = [];
      const assistant: B[] = [];
      if (pieces.text !== '') assistant.push(shapes.text(pieces.text));
      for (const c of pieces.calls) assistant.push(shapes.toolUse(c.id, c.name, c.arguments));
      if (assistant.length > 0)
        out.push({
          message: { role: 'assistant', content: assistant },
          parts: assistantParts(step),
        });
      const user: B[] = pieces.results.map((r) => shapes.toolResult(r.id, r.content, r.isError));
      if (pieces.observation !== undefined)
        user.push(shapes.text(`${OBSERVATION_PREFIX}${pieces.observation}`));
      if (pieces.error !== undefined) user.push(shapes.text(`${ERROR_PREFIX}${pieces.error}`));
      if (user.length > 0)
        out.push({ message: { role: 'user', content: user }, parts: resultParts(step) });
      return out;
    }
    case 'scratchpad':
      return whole(step, [
        one('assistant', step.modelOutput),
        one('user', `${SCRATCHPAD_PREFIX}${step.content}`, ['follow-up']),
      ]);
    case 'planning':
      return whole(step, [
        one('assistant', step.plan.trim()),
        one('user', PLAN_FOLLOW_UP, ['follow-up']),
      ]);
    case 'final-answer':
      return whole(step, [one('assistant', step.answer)]);
    case 'summary':
      return whole(step, [one('user', step.content)]);
    default:
      return assertUnreachable(step);
  }
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
