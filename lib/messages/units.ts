/**
 * Message units: each message a step becomes, with the step parts it carries. Message-level
 * strategies (Strands, LangChain, Anthropic) keep or drop whole messages; the parts tell which
 * pieces of a step survive, so a partially kept step is expressed as the step with parts omitted.
 */
import { isOmitted, partsOf } from '../model/steps';
import type { ActionStep, Step, StepPart } from '../model/types';
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
