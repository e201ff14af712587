/**
 * The step table's filters: seed 000's `filterSteps` (kinds, step range, error status) made
 * interactive, plus a tool name and a case-insensitive text search over everything a step holds.
 * Ranges here are inclusive ("steps 5 to 9"); the seed's after/before bounds are exclusive.
 */
import { filterSteps } from './inspect';
import { stepText, toolNamesOf } from './steps';
import type { Step, StepKind } from './types';

export interface StepQuery {
  readonly kinds?: readonly StepKind[];
  readonly tool?: string;
  readonly withError?: boolean;
  readonly from?: number;
  readonly to?: number;
  readonly text?: string;
}

export function isEmptyQuery(q: StepQuery): boolean {
  return (
    !q.kinds?.length &&
    !q.tool &&
    q.withError === undefined &&
    q.from === undefined &&
    q.to === undefined &&
    !q.text?.trim()
  );
}

/** Indices of the steps that match, in order. */
export function queryStepIndices(steps: readonly Step[], q: StepQuery): number[] {
  const kept = new Set(
    filterSteps(steps, {
      ...(q.kinds && q.kinds.length > 0 ? { types: q.kinds } : {}),
      ...(q.from !== undefined ? { afterStep: q.from - 1 } : {}),
      ...(q.to !== undefined ? { beforeStep: q.to + 1 } : {}),
      ...(q.withError !== undefined ? { withError: q.withError } : {}),
    }),
  );
  const needle = q.text?.trim().toLowerCase();
  const out: number[] = [];
  steps.forEach((s, i) => {
    if (!kept.has(s)) return;
    if (q.tool && !toolNamesOf(s).includes(q.tool)) return;
    if (needle && !`${stepText(s)}\n${toolNamesOf(s).join(' ')}`.toLowerCase().includes(needle))
      return;
    out.push(i);
  });
  return out;
}

/** Every tool name a history uses, sorted, for the tool filter. */
export function toolNamesIn(steps: readonly Step[]): string[] {
  return [...new Set(steps.flatMap(toolNamesOf))].sort();
}
