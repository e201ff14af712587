/**
 * The compare view's aligned rows: every original step as one row across the strategies, runs of
 * steps every strategy removed folded into one row (unless unfolded, or holding the selected step),
 * and each step a strategy inserted (a summary) on its own row after the last step it replaces.
 */
import type { Step } from '../model/types';
import type { CompareColumn } from './compare';

export type AlignedRow =
  | { kind: 'step'; index: number }
  | { kind: 'fold'; from: number; to: number }
  | { kind: 'inserted'; column: number; step: Step };

type Column = Pick<CompareColumn, 'result'>;

export function buildAlignedRows(
  steps: readonly Step[],
  columns: readonly Column[],
  options: { unfolded?: ReadonlySet<number>; selectedId?: string } = {},
): AlignedRow[] {
  const unfolded = options.unfolded ?? new Set<number>();
  const indexOf = new Map(steps.map((x, i) => [x.id, i]));
  const insertedAfter = new Map<number, AlignedRow[]>();
  columns.forEach((c, ci) => {
    for (const added of c.result?.inserted ?? []) {
      const last =
        added.kind === 'summary'
          ? Math.max(-1, ...added.replaces.map((id) => indexOf.get(id) ?? -1))
          : -1;
      if (last >= 0)
        insertedAfter.set(last, [
          ...(insertedAfter.get(last) ?? []),
          { kind: 'inserted', column: ci, step: added },
        ]);
    }
  });
  // The selected step (a warning's link) is never folded away.
  const allRemoved = (j: number) =>
    columns.length > 0 &&
    steps[j]?.id !== options.selectedId &&
    columns.every((c) => c.result?.fates[j]?.kind === 'removed');
  const out: AlignedRow[] = [];
  for (let i = 0; i < steps.length; i++) {
    if (allRemoved(i) && !unfolded.has(i)) {
      let j = i;
      while (j + 1 < steps.length && allRemoved(j + 1)) j++;
      if (j > i) {
        out.push({ kind: 'fold', from: i, to: j });
        i = j;
        continue;
      }
    }
    out.push({ kind: 'step', index: i });
    for (const r of insertedAfter.get(i) ?? []) out.push(r);
  }
  return out;
}

/** Per column, the identifiers it lost, by the id of the step that held them. */
export function lostByStep(
  columns: readonly Pick<CompareColumn, 'lost'>[],
): Map<string, string[]>[] {
  return columns.map((c) => {
    const m = new Map<string, string[]>();
    for (const l of c.lost) m.set(l.lostAtStepId, [...(m.get(l.lostAtStepId) ?? []), l.identifier]);
    return m;
  });
}
