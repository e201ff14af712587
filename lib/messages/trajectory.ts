/**
 * Seed 002's flat trajectory: one `TrajectoryStep` per event (user query, thought, tool call, tool
 * result, final answer, summary), tool calls and results linked by `tool_use_id`, and
 * `get_messages_view()` grouping consecutive steps by role into STRANDS-like messages.
 *
 * Seed 002 has two step-type vocabularies; we use the `StepType` enum's names (`user_query`,
 * `thought`, `tool_call`, `tool_result`, `final_answer`) plus `summary`, and add `system_prompt`
 * (role `system`) so the system prompt appears in the view (see lib/README.md).
 */
import { assistantText, assertUnreachable, errorFillsResults, isOmitted } from '../model/steps';
import type { JsonValue, Step, StepPart } from '../model/types';

export const TRAJECTORY_STEP_TYPES = [
  'system_prompt',
  'user_query',
  'thought',
  'tool_call',
  'tool_result',
  'final_answer',
  'summary',
] as const;
export type TrajectoryStepType = (typeof TRAJECTORY_STEP_TYPES)[number];
export type TrajectoryRole = 'user' | 'assistant' | 'system';

export interface TrajectoryStep {
  role: TrajectoryRole;
  step_type: TrajectoryStepType;
  content: string;
  tool_data?: { [key: string]: JsonValue };
  tool_use_id?: string;
  timestamp?: number;
}

export interface TrajectoryItem {
  item: TrajectoryStep;
  /** Index of the step it came from, and which part of it. */
  stepIndex: number;
  part: StepPart;
}

function item(step: Step, fields: Omit<TrajectoryStep, 'timestamp'>): TrajectoryStep {
  return step.timestamp === undefined ? fields : { ...fields, timestamp: step.timestamp };
}

function stepItems(step: Step): { item: TrajectoryStep; part: StepPart }[] {
  const whole = (fields: Omit<TrajectoryStep, 'timestamp'>) =>
    isOmitted(step, 'content') ? [] : [{ item: item(step, fields), part: 'content' }];
  switch (step.kind) {
    case 'system-prompt':
      return whole({ role: 'system', step_type: 'system_prompt', content: step.content });
    case 'task':
      return whole({ role: 'user', step_type: 'user_query', content: step.task });
    case 'scratchpad':
      return whole({ role: 'assistant', step_type: 'thought', content: step.content });
    case 'planning':
      return whole({ role: 'assistant', step_type: 'thought', content: step.plan });
    case 'final-answer':
      return whole({ role: 'assistant', step_type: 'final_answer', content: step.answer });
    case 'summary':
      return whole({ role: 'system', step_type: 'summary', content: step.content });
    case 'action': {
      const out: { item: TrajectoryStep; part: StepPart }[] = [];
      const text = assistantText(step);
      // Seed 000's final action (`is_final`, no tool) is the run's answer.
      const isAnswer = step.isFinal && step.toolCalls.length === 0;
      if (text !== '' && !isOmitted(step, 'thought')) {
        const stepType = isAnswer ? 'final_answer' : 'thought';
        out.push({
          item: item(step, { role: 'assistant', step_type: stepType, content: text }),
          part: 'thought',
        });
      }
      for (const call of step.toolCalls) {
        if (isOmitted(step, `call:${call.id}`)) continue;
        out.push({
          item: item(step, {
            role: 'assistant',
            step_type: 'tool_call',
            content: `Using tool: ${call.name}`,
            tool_data: { name: call.name, args: call.arguments },
            tool_use_id: call.id,
          }),
          part: `call:${call.id}`,
        });
      }
      for (const call of step.toolCalls) {
        if (isOmitted(step, `result:${call.id}`)) continue;
        if (call.result === undefined && !errorFillsResults(step)) continue;
        const error =
          call.result === undefined ? (step.error as string) : call.isError ? call.result : null;
        const content =
          call.result === undefined
            ? `Error: ${error}`
            : call.isError
              ? `Error: ${call.result}`
              : call.result;
        out.push({
          item: item(step, {
            role: 'assistant',
            step_type: 'tool_result',
            content,
            tool_data: { result: call.result ?? null, error },
            tool_use_id: call.id,
          }),
          part: `result:${call.id}`,
        });
      }
      if (step.observation && !isOmitted(step, 'observation')) {
        const fields = {
          role: 'assistant',
          step_type: 'tool_result',
          content: step.observation,
        } as const;
        out.push({
          item: item(step, { ...fields, tool_data: { result: step.observation, error: null } }),
          part: 'observation',
        });
      }
      if (
        step.error &&
        step.toolCalls.every((c) => c.result !== undefined) &&
        !isOmitted(step, 'error')
      ) {
        const fields = {
          role: 'assistant',
          step_type: 'tool_result',
          content: `Error: ${step.error}`,
        } as const;
        out.push({
          item: item(step, { ...fields, tool_data: { result: null, error: step.error } }),
          part: 'error',
        });
      }
      return out;
    }
    default:
      return assertUnreachable(step);
  }
}

/** Steps flattened into seed 002 trajectory steps, each linked to its origin. */
export function toTrajectory(steps: readonly Step[]): TrajectoryItem[] {
  const out: TrajectoryItem[] = [];
  steps.forEach((step, stepIndex) => {
    for (const { item: it, part } of stepItems(step)) out.push({ item: it, stepIndex, part });
  });
  return out;
}

/** A view block: seed 002 `get_messages_view()`'s `{type, text, tool_data?, tool_use_id?}`. */
export interface TrajectoryViewBlock<T extends string = TrajectoryStepType> {
  type: T;
  text: string;
  tool_data?: { [key: string]: JsonValue };
  tool_use_id?: string;
}

export interface TrajectoryViewMessage<T extends string = TrajectoryStepType> {
  role: TrajectoryRole;
  content: TrajectoryViewBlock<T>[];
}

/** Seed 002's second `step_type` vocabulary (`SessionTrajectory`), with our `system_prompt`. */
export type SessionStepType =
  'query' | 'thought' | 'tool_use' | 'tool_result' | 'answer' | 'summary' | 'system_prompt';

/** Seed 002 `SessionTrajectory.get_messages_view()`'s messages (the session-trajectory dialect). */
export type SessionTrajectoryMessage = TrajectoryViewMessage<SessionStepType>;

/** The fields of a trajectory step `get_messages_view()` reads, in either of seed 002's vocabularies. */
export interface ViewableStep<T extends string = TrajectoryStepType> {
  role: TrajectoryRole;
  step_type: T;
  content: string;
  tool_data?: { [key: string]: JsonValue };
  tool_use_id?: string;
}

/**
 * Seed 002 `get_messages_view()`: consecutive steps grouped by role into messages. Python's
 * `if step.tool_data:` is false for an empty dict and `if step.tool_use_id:` for an empty string,
 * so neither is written then.
 */
export function getMessagesView<T extends string>(
  items: readonly ViewableStep<T>[],
): TrajectoryViewMessage<T>[] {
  const messages: TrajectoryViewMessage<T>[] = [];
  let current: TrajectoryViewMessage<T> | undefined;
  for (const step of items) {
    if (current === undefined || current.role !== step.role) {
      if (current) messages.push(current);
      current = { role: step.role, content: [] };
    }
    const block: TrajectoryViewBlock<T> = { type: step.step_type, text: step.content };
    if (step.tool_data && Object.keys(step.tool_data).length > 0) block.tool_data = step.tool_data;
    if (step.tool_use_id) block.tool_use_id = step.tool_use_id;
    current.content.push(block);
  }
  if (current) messages.push(current);
  return messages;
}
