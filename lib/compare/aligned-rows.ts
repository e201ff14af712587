/**
 * The compare view's aligned rows at one model call: every original step as one row across the
 * strategies, with its fate at that call (the step was kept, truncated, removed or summarized in the
 * context that call received; the call's own step and the ones after it were not sent yet), runs of
 * steps every strategy removed folded into one row (unless unfolded, or holding the selected step),
 * and each summary a strategy sent on its own row after the last step it replaces.
 */
import type { Step } from '../model/types';
import type { CallFate, ContextAt } from './context-at';
import type { LostIdentifier } from './identifiers';

export type AlignedRow =
  | { kind: 'step'; index: number }
  | { kind: 'fold'; from: number; to: number }
  | { kind: 'inserted'; column: number; step: Step };

/** A strategy's fates (one per step before the call) and the steps it inserted (summaries). */
export interface RowColumn {
  readonly result?: {
    readonly fates: readonly { readonly kind: string }[];
    readonly inserted: readonly Step[];
  };
}

export function buildAlignedRows(
  steps: readonly Step[],
  columns: readonly RowColumn[],
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

/** The rows' columns at a call: each strategy's fates then, and the summaries it sent. */
export function callColumns(
  steps: readonly Step[],
  contexts: readonly (ContextAt | undefined)[],
): { readonly result?: { fates: readonly CallFate[]; inserted: readonly Step[] } }[] {
  const originals = new Set(steps.map((s) => s.id));
  return contexts.map((c) =>
    c ? { result: { fates: c.fates, inserted: c.steps.filter((s) => !originals.has(s.id)) } } : {},
  );
}

/** A step's fate at the call `callIndex` (a step index): `this call` is its own step. */
export type RowFate = CallFate | { readonly kind: 'this call' } | { readonly kind: 'not sent' };

export function rowFate(fates: readonly CallFate[], index: number, callIndex: number): RowFate {
  if (index === callIndex) return { kind: 'this call' };
  return fates[index] ?? { kind: 'not sent' };
}

/** Per column, the identifiers it lost, by the id of the step that held them. */
export function lostByStep(
  columns: readonly { readonly lost: readonly LostIdentifier[] }[],
): Map<string, LostIdentifier[]>[] {
  return columns.map((c) => {
    const m = new Map<string, LostIdentifier[]>();
    for (const l of c.lost) m.set(l.lostAtStepId, [...(m.get(l.lostAtStepId) ?? []), l]);
    return m;
  });
}
