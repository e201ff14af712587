/**
 * The step table's filters: seed 000's `filterSteps` (kinds, step range) made interactive, plus
 * error status, a tool name and a case-insensitive text search over everything a step holds. Tools
 * and errors are the rows' (lib/model/headline.ts): a command an agent wrote in its text is a call
 * its tool filter finds, and "with errors" keeps the rows marked red, so the filter agrees with the
 * rows and the totals. Ranges here are inclusive ("steps 5 to 9"); the seed's bounds are exclusive.
 */
import { callNamesOf, isErrorRow } from './headline';
import { filterSteps } from './inspect';
import { stepText } from './steps';
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
    }),
  );
  const needle = q.text?.trim().toLowerCase();
  const out: number[] = [];
  steps.forEach((s, i) => {
    if (!kept.has(s)) return;
    // The seed's `with_error` keeps actions only; a row marked red is always an action too.
    if (q.withError !== undefined && (s.kind !== 'action' || isErrorRow(s) !== q.withError)) return;
    if (q.tool && !callNamesOf(s).includes(q.tool)) return;
    if (needle && !`${stepText(s)}\n${callNamesOf(s).join(' ')}`.toLowerCase().includes(needle))
      return;
    out.push(i);
  });
  return out;
}

/** Every tool name the rows name, sorted, for the tool filter. */
export function toolNamesIn(steps: readonly Step[]): string[] {
  return [...new Set(steps.flatMap(callNamesOf))].sort();
}
