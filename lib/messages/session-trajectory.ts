/**
 * The `session-trajectory` dialect: seed 002's second design, `SessionTrajectory.get_messages_view()`
 * ("Get a STRANDS-style message view of the trajectory. Groups consecutive steps by role into
 * message-like structures."), each block `{type, text, tool_data?, tool_use_id?}` in the vocabulary
 * of that design's `TrajectoryStep.step_type`: `Literal["query", "thought", "tool_use",
 * "tool_result", "answer", "summary"]`, plus our `system_prompt` (role `system`, as in the flat
 * trajectory) so the view holds the system prompt.
 *
 * A dialect renders one step at a time (`units(step)`), so a step's own trajectory steps are
 * grouped by role; `joinSessionMessages` then merges consecutive messages of one role across steps,
 * which `toMessages` applies to a whole list: that list is exactly `get_messages_view()` of the
 * list's trajectory steps (grouping is the same whether done per step and then joined, or at once).
 */
import type { Step } from '../model/types';
import {
  getMessagesView,
  toTrajectory,
  type TrajectoryStep,
  type TrajectoryStepType,
  type SessionStepType,
  type SessionTrajectoryMessage,
  type ViewableStep,
} from './trajectory';

export type { SessionStepType, SessionTrajectoryMessage } from './trajectory';
import type { DialectEntry, MessageUnit } from './types';

/** The flat trajectory's `StepType` names (the first design's) to the second design's. */
const SESSION_STEP_TYPE: Readonly<Record<TrajectoryStepType, SessionStepType>> = {
  system_prompt: 'system_prompt',
  user_query: 'query',
  thought: 'thought',
  tool_call: 'tool_use',
  tool_result: 'tool_result',
  final_answer: 'answer',
  summary: 'summary',
};

/** A flat trajectory step as seed 002's `SessionTrajectory` holds it (`add_tool_use` etc.). */
export function toSessionStep(item: TrajectoryStep): ViewableStep<SessionStepType> {
  const step: ViewableStep<SessionStepType> = {
    role: item.role,
    step_type: SESSION_STEP_TYPE[item.step_type],
    content: item.content,
  };
  if (item.tool_data !== undefined) step.tool_data = item.tool_data;
  if (item.tool_use_id !== undefined) step.tool_use_id = item.tool_use_id;
  return step;
}

/** One step's trajectory steps grouped by role, each message with the step parts it carries. */
export function sessionTrajectoryUnits(step: Step): MessageUnit<SessionTrajectoryMessage>[] {
  const items = toTrajectory([step]);
  const messages = getMessagesView(items.map((it) => toSessionStep(it.item)));
  let at = 0;
  return messages.map((message) => {
    const parts = items.slice(at, (at += message.content.length)).map((it) => it.part);
    return { message, parts };
  });
}

/**
 * Consecutive messages of one role merged into one, as `get_messages_view()` groups across the
 * whole list ("Start new message if role changes"). New objects: the input is never changed.
 */
export function joinSessionMessages(
  messages: readonly SessionTrajectoryMessage[],
): SessionTrajectoryMessage[] {
  const out: SessionTrajectoryMessage[] = [];
  for (const message of messages) {
    const last = out.at(-1);
    if (last && last.role === message.role) last.content.push(...message.content);
    else out.push({ role: message.role, content: [...message.content] });
  }
  return out;
}

export const sessionTrajectoryDialect: DialectEntry = {
  label: 'Seed 002 trajectory',
  description: "seed 002 get_messages_view(): trajectory steps grouped by role, the seed's types",
  units: sessionTrajectoryUnits,
  join: (messages) => joinSessionMessages(messages as SessionTrajectoryMessage[]),
};
