/**
 * Seed 000 `Step.to_messages()`: plain role/content messages, observations and errors as `user`
 * messages ("OpenRouter compatibility"). The seed's France example must give exactly its five messages.
 */
import { isOmitted, observationOf } from '../model/steps';
import type { Step } from '../model/types';
import { plainUnits, resultParts } from './units';
import { ERROR_PREFIX, OBSERVATION_PREFIX } from './strings';
import type { DialectEntry, MessageUnit, TinyAgentMessage } from './types';

export function tinyAgentUnits(step: Step): MessageUnit<TinyAgentMessage>[] {
  if (step.kind !== 'action') return plainUnits(step, (role, content) => ({ role, content }));
  const messages: MessageUnit<TinyAgentMessage>[] = [];
  // Seed: the assistant message only when `raw_llm_response` is non-empty.
  const raw = isOmitted(step, 'thought') ? '' : (step.modelOutput ?? step.thought ?? '');
  if (raw) messages.push({ message: { role: 'assistant', content: raw }, parts: ['thought'] });
  // Seed: the error wins over the observation; one user message at most.
  const error = isOmitted(step, 'error') ? '' : (step.error ?? '');
  const observation = observationOf(step);
  let content = '';
  if (error) content = `${ERROR_PREFIX}${error}`;
  else if (observation) content = `${OBSERVATION_PREFIX}${observation}`;
  if (content) messages.push({ message: { role: 'user', content }, parts: resultParts(step) });
  return messages;
}

export const tinyAgentDialect: DialectEntry = {
  label: 'tinyAgent',
  description: 'seed 000 role/content pairs; observations as user messages',
  units: tinyAgentUnits,
};
