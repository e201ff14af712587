/**
 * Step helpers: the seed's single-call view of an action, part bookkeeping for partial variants, and
 * a plain-text rendering used for before/after diffs and search.
 */
import type { ActionStep, JsonValue, Step, StepPart } from './types';

export function assertUnreachable(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}

/** Seed 000/001: system and task steps are never pruned. */
export function isCritical(step: Step): boolean {
  return step.kind === 'system-prompt' || step.kind === 'task';
}

/** A step the agent produced with a model call (what a simulation counts as "call k"). */
export function isModelCall(step: Step): boolean {
  return step.kind === 'action' || step.kind === 'scratchpad' || step.kind === 'planning';
}

/** Indices of the steps produced by model calls: call k's context is the steps before the k-th. */
export function modelCallIndices(steps: readonly Step[]): number[] {
  const out: number[] = [];
  steps.forEach((s, i) => {
    if (isModelCall(s)) out.push(i);
  });
  return out;
}

// ---- Seed 000 single-call view of an action ------------------------------------------------------

/** Seed `tool_name`: the first call's name. */
export function toolName(step: ActionStep): string | undefined {
  return step.toolCalls[0]?.name;
}

/** Seed `tool_args`: the first call's arguments. */
export function toolArgs(step: ActionStep): JsonValue | undefined {
  return step.toolCalls[0]?.arguments;
}

/** Seed `observation`: the unlinked observation, else the call results joined by newlines. */
export function observationOf(step: ActionStep): string {
  if (step.observation && !isOmitted(step, 'observation')) return step.observation;
  const results = step.toolCalls
    .filter((c) => c.result !== undefined && !isOmitted(step, `result:${c.id}`))
    .map((c) => c.result as string);
  return results.join('\n');
}

/** The assistant text of an action: the raw response, else the thought. */
export function assistantText(step: ActionStep): string {
  return step.modelOutput ?? step.thought ?? '';
}

// ---- Parts ------------------------------------------------------------------------------------------

export function isOmitted(step: Step, part: StepPart): boolean {
  return step.omitted !== undefined && step.omitted.includes(part);
}

/**
 * Every part a step has, in message order (see `StepPart`). A call without a result still gets a
 * `result:` part when the step has an error: dialects answer such calls with the error text.
 */
export function partsOf(step: Step): StepPart[] {
  if (step.kind === 'scratchpad' || step.kind === 'planning') return ['content', 'follow-up'];
  if (step.kind !== 'action') return ['content'];
  const parts: StepPart[] = [];
  if (assistantText(step) !== '') parts.push('thought');
  for (const call of step.toolCalls) parts.push(`call:${call.id}`);
  for (const call of step.toolCalls) {
    if (call.result !== undefined || errorFillsResults(step)) parts.push(`result:${call.id}`);
  }
  if (step.observation !== undefined && step.observation !== '') parts.push('observation');
  if (hasErrorPart(step)) parts.push('error');
  return parts;
}

/** The step error answers calls that never got a result. */
export function errorFillsResults(step: ActionStep): boolean {
  return step.error !== undefined && step.error !== '';
}

/** The step error is its own message when no call is left waiting for it. */
export function hasErrorPart(step: ActionStep): boolean {
  return errorFillsResults(step) && step.toolCalls.every((c) => c.result !== undefined);
}

/** A copy of `step` with `parts` cut out (merged with what was already cut). */
export function omitParts<S extends Step>(step: S, parts: readonly StepPart[]): S {
  if (parts.length === 0) return step;
  const merged = new Set([...(step.omitted ?? []), ...parts]);
  return { ...step, omitted: [...merged] };
}

// ---- Text ---------------------------------------------------------------------------------------------

export function formatArgs(args: JsonValue): string {
  // JSON.stringify gives undefined for undefined (a call whose file recorded no arguments).
  return typeof args === 'string' ? args : (JSON.stringify(args) ?? '');
}

/** The main text of a step, one field (used by search, summaries and identifiers). */
export function primaryText(step: Step): string {
  switch (step.kind) {
    case 'system-prompt':
    case 'scratchpad':
    case 'summary':
      return step.content;
    case 'task':
      return step.task;
    case 'action':
      return assistantText(step);
    case 'planning':
      return step.plan;
    case 'final-answer':
      return step.answer;
    default:
      return assertUnreachable(step);
  }
}

/**
 * A readable plain-text rendering of everything a step holds (respecting cut parts): the "before"
 * and "after" of a truncation diff, and the haystack of text search.
 */
export function stepText(step: Step): string {
  let text = texts.get(step);
  if (text === undefined) texts.set(step, (text = renderText(step)));
  return text;
}

/** Each step's text, rendered once per step object (steps are immutable). */
const texts = new WeakMap<Step, string>();

function renderText(step: Step): string {
  if (step.kind !== 'action') return isOmitted(step, 'content') ? '' : primaryText(step);
  const lines: string[] = [];
  if (!isOmitted(step, 'thought')) {
    const text = assistantText(step);
    if (text !== '') lines.push(text);
  }
  for (const call of step.toolCalls) {
    if (!isOmitted(step, `call:${call.id}`))
      lines.push(`→ ${call.name}(${formatArgs(call.arguments)})`);
  }
  for (const call of step.toolCalls) {
    if (isOmitted(step, `result:${call.id}`)) continue;
    if (call.result !== undefined) lines.push(`← ${call.isError ? 'Error: ' : ''}${call.result}`);
  }
  if (step.observation && !isOmitted(step, 'observation'))
    lines.push(`Observation: ${step.observation}`);
  if (step.error && !isOmitted(step, 'error')) lines.push(`Error: ${step.error}`);
  return lines.join('\n');
}

/** Tool names an action calls (empty for other kinds). */
export function toolNamesOf(step: Step): string[] {
  return step.kind === 'action' ? step.toolCalls.map((c) => c.name) : [];
}

export function hasError(step: Step): boolean {
  return (
    step.kind === 'action' &&
    (Boolean(step.error) || step.toolCalls.some((c) => c.isError === true))
  );
}
