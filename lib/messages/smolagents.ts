/**
 * smolagents `MemoryStep.to_messages(summary_mode)` (seed 004; smolagents memory.py v1.21): hyphenated
 * `tool-call` / `tool-response` roles, tool calls as the Python repr of `ToolCall.dict()`, and
 * `summary_mode` dropping the system prompt, the model outputs and the plans.
 */
import { assertUnreachable, isOmitted, observationOf } from '../model/steps';
import type { JsonValue, Step, StepPart } from '../model/types';
import { pyRepr } from '../text/python-repr';
import {
  SMOL_CALLING_TOOLS,
  SMOL_ERROR_PREFIX,
  SMOL_OBSERVATION_PREFIX,
  SMOL_RETRY_SUFFIX,
  SMOL_TASK_PREFIX,
} from './strings';
import type { DialectEntry, MessageUnit, SmolagentsMessage } from './types';
import { assistantParts, plainUnits, resultParts, whole } from './units';

type Unit = MessageUnit<SmolagentsMessage>;

const message = (role: SmolagentsMessage['role'], value: string): SmolagentsMessage => ({
  role,
  content: [{ type: 'text', text: value }],
});

function text(
  role: SmolagentsMessage['role'],
  value: string,
  parts: StepPart[] = ['content'],
): Unit {
  return { message: message(role, value), parts };
}

export function smolagentsUnits(step: Step, summaryMode = false): Unit[] {
  switch (step.kind) {
    case 'system-prompt':
      return summaryMode ? [] : plainUnits(step, message);
    case 'task':
      return whole(step, [text('user', `${SMOL_TASK_PREFIX}${step.task}`)]);
    case 'action': {
      const messages: Unit[] = [];
      const output = step.modelOutput ?? step.thought;
      if (output !== undefined && !summaryMode && !isOmitted(step, 'thought')) {
        messages.push(text('assistant', output.trim(), ['thought']));
      }
      const calls = step.toolCalls.filter((c) => !isOmitted(step, `call:${c.id}`));
      if (calls.length > 0) {
        const dicts: JsonValue = calls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        }));
        messages.push(
          text(
            'tool-call',
            `${SMOL_CALLING_TOOLS}${pyRepr(dicts)}`,
            assistantParts(step).filter((p) => p !== 'thought'),
          ),
        );
      }
      const observation = observationOf(step);
      if (observation !== '') {
        const parts = resultParts(step).filter((p) => p !== 'error');
        messages.push(text('tool-response', `${SMOL_OBSERVATION_PREFIX}${observation}`, parts));
      }
      if (step.error && !isOmitted(step, 'error')) {
        const callId = step.toolCalls[0] ? `Call id: ${step.toolCalls[0].id}\n` : '';
        messages.push(
          text('tool-response', `${callId}${SMOL_ERROR_PREFIX}${step.error}${SMOL_RETRY_SUFFIX}`, [
            'error',
          ]),
        );
      }
      return messages;
    }
    case 'planning':
      return summaryMode ? [] : plainUnits(step, message);
    case 'final-answer':
      // smolagents: FinalAnswerStep has no messages; the last action already holds the answer.
      return [];
    case 'scratchpad':
    case 'summary':
      return plainUnits(step, message);
    default:
      return assertUnreachable(step);
  }
}

export const smolagentsDialect: DialectEntry = {
  label: 'smolagents',
  description: 'smolagents memory: calls and observations as text',
  units: (step, options) => smolagentsUnits(step, options.summaryMode ?? false),
};
