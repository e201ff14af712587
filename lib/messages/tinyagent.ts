/**
 * Seed 000 `Step.to_messages()`: plain role/content messages, observations and errors as `user`
 * messages ("OpenRouter compatibility"). The seed's France example must give exactly its five messages.
 */
import { assertUnreachable, isOmitted, observationOf } from '../model/steps';
import type { Step, StepPart } from '../model/types';
import { resultParts, whole } from './units';
import { ERROR_PREFIX, OBSERVATION_PREFIX, PLAN_FOLLOW_UP, SCRATCHPAD_PREFIX } from './strings';
import type { MessageUnit, TinyAgentMessage } from './types';

export function tinyAgentUnits(step: Step): MessageUnit<TinyAgentMessage>[] {
  const u = (
    message: TinyAgentMessage,
    parts: StepPart[] = ['content'],
  ): MessageUnit<TinyAgentMessage> => ({ message, parts });
  switch (step.kind) {
    case 'system-prompt':
      return whole(step, [u({ role: 'system', content: step.content })]);
    case 'task':
      return whole(step, [u({ role: 'user', content: step.task })]);
    case 'action': {
      const messages: MessageUnit<TinyAgentMessage>[] = [];
      // Seed: the assistant message only when `raw_llm_response` is non-empty.
      const raw = isOmitted(step, 'thought') ? '' : (step.modelOutput ?? step.thought ?? '');
      if (raw) messages.push(u({ role: 'assistant', content: raw }, ['thought']));
      // Seed: the error wins over the observation; one user message at most.
      const error = isOmitted(step, 'error') ? '' : (step.error ?? '');
      const observation = observationOf(step);
      let content = '';
      if (error) content = `${ERROR_PREFIX}${error}`;
      else if (observation) content = `${OBSERVATION_PREFIX}${observation}`;
      if (content) messages.push(u({ role: 'user', content }, resultParts(step)));
      return messages;
    }
    case 'scratchpad':
      return whole(step, [
        u({ role: 'assistant', content: step.modelOutput }),
        u({ role: 'user', content: `${SCRATCHPAD_PREFIX}${step.content}` }, ['follow-up']),
      ]);
    case 'planning':
      return whole(step, [
        u({ role: 'assistant', content: step.plan.trim() }),
        u({ role: 'user', content: PLAN_FOLLOW_UP }, ['follow-up']),
      ]);
    case 'final-answer':
      return whole(step, [u({ role: 'assistant', content: step.answer })]);
    case 'summary':
      return whole(step, [u({ role: 'user', content: step.content })]);
    default:
      return assertUnreachable(step);
  }
}
