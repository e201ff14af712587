/**
 * Message units: each message a step becomes, with the step parts it carries. Message-level
 * strategies (Strands, LangChain, Anthropic) keep or drop whole messages; the parts tell which
 * pieces of a step survive, so a partially kept step is expressed as the step with parts omitted.
 */
import { assertUnreachable, isOmitted, partsOf } from '../model/steps';
import type { ActionStep, Step, StepPart } from '../model/types';
import { PLAN_FOLLOW_UP, SCRATCHPAD_PREFIX } from './strings';
import type { MessageUnit } from './types';

/** Non-action steps: drop each message whose part was cut. */
export function whole<M>(step: Step, units: MessageUnit<M>[]): MessageUnit<M>[] {
  if (!step.omitted) return units;
  return units.filter((u) => !u.parts.every((p) => isOmitted(step, p)));
}

/** The parts of an action that travel in its "results" message (results, observation, error). */
export function resultParts(step: ActionStep): StepPart[] {
  return partsOf(step).filter(
    (p) => (p.startsWith('result:') || p === 'observation' || p === 'error') && !isOmitted(step, p),
  );
}

/** The parts of an action that travel in its assistant message (text and calls). */
export function assistantParts(step: ActionStep): StepPart[] {
  return partsOf(step).filter(
    (p) => (p === 'thought' || p.startsWith('call:')) && !isOmitted(step, p),
  );
}

export type PlainRole = 'system' | 'user' | 'assistant';

/**
 * The steps other than actions, as every dialect that sends them sends them: seed 000's
 * `to_messages` for the system prompt, a task, a scratchpad (its output, then `Scratchpad noted: `),
 * smolagents' `PlanningStep` (the plan, then `Now proceed and carry out this plan.`), a final answer
 * as an assistant message, a summary as a `user` message (as Strands inserts it). Each dialect gives
 * the role and text its own message shape; where one differs (smolagents' task prefix, its summary
 * mode), it keeps its own case.
 */
export function plainUnits<M>(
  step: Exclude<Step, ActionStep>,
  shape: (role: PlainRole, text: string) => M,
): MessageUnit<M>[] {
  const unit = (role: PlainRole, text: string, parts: StepPart[] = ['content']) => ({
    message: shape(role, text),
    parts,
  });
  switch (step.kind) {
    case 'system-prompt':
      return whole(step, [unit('system', step.content)]);
    case 'task':
      return whole(step, [unit('user', step.task)]);
    case 'scratchpad':
      return whole(step, [
        unit('assistant', step.modelOutput),
        unit('user', `${SCRATCHPAD_PREFIX}${step.content}`, ['follow-up']),
      ]);
    case 'planning':
      return whole(step, [
        unit('assistant', step.plan.trim()),
        unit('user', PLAN_FOLLOW_UP, ['follow-up']),
      ]);
    case 'final-answer':
      return whole(step, [unit('assistant', step.answer)]);
    case 'summary':
      return whole(step, [unit('user', step.content)]);
    default:
      return assertUnreachable(step);
  }
}
