/**
 * OpenAI chat completions: an assistant message with `tool_calls` (arguments as a JSON string), one
 * `tool` message per result linked by `tool_call_id`. Unlinked observations and step errors keep
 * seed 000's `user` messages so nothing the model saw is lost; `verbatim` sends them as the file
 * recorded them, without seed 000's `Observation: ` / `Error: ` prefixes (the `recorded` dialect:
 * mini-swe-agent and SWE-agent send a command's output as the next user message, as is).
 */
import { formatArgs } from '../model/steps';
import type { Step, StepPart } from '../model/types';
import { actionPieces } from './action-parts';
import { ERROR_PREFIX, OBSERVATION_PREFIX } from './strings';
import type { DialectEntry, MessageUnit, OpenAIMessage } from './types';
import { assistantParts, plainUnits } from './units';

type Unit = MessageUnit<OpenAIMessage>;
const u = (message: OpenAIMessage, parts: StepPart[] = ['content']): Unit => ({ message, parts });

export function openAIUnits(step: Step, verbatim = false): Unit[] {
  if (step.kind !== 'action') return plainUnits(step, (role, content) => ({ role, content }));
  const pieces = actionPieces(step);
  const units: Unit[] = [];
  if (pieces.text !== '' || pieces.calls.length > 0) {
    const assistant: OpenAIMessage = {
      role: 'assistant',
      content: pieces.text === '' ? null : pieces.text,
    };
    if (pieces.calls.length > 0) {
      assistant.tool_calls = pieces.calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: formatArgs(c.arguments) },
      }));
    }
    units.push(u(assistant, assistantParts(step)));
  }
  for (const r of pieces.results)
    units.push(u({ role: 'tool', content: r.content, tool_call_id: r.id }, [`result:${r.id}`]));
  if (pieces.observation !== undefined) {
    units.push(
      u(
        {
          role: 'user',
          content: verbatim ? pieces.observation : `${OBSERVATION_PREFIX}${pieces.observation}`,
        },
        ['observation'],
      ),
    );
  }
  if (pieces.error !== undefined)
    units.push(
      u({ role: 'user', content: verbatim ? pieces.error : `${ERROR_PREFIX}${pieces.error}` }, [
        'error',
      ]),
    );
  return units;
}

export const openAIDialect: DialectEntry = {
  label: 'OpenAI',
  description: 'chat completions: tool_calls and tool messages',
  // Seed 000's `Observation: ` and `Error: ` prefixes (the `recorded` dialect sends them verbatim).
  units: (step) => openAIUnits(step),
};
