/** Building a `StrategyResult` from a strategy's output steps: fates are derived, not hand-kept. */
import { stepText } from '../model/steps';
import type { Step, SummaryStep } from '../model/types';
import type { StepFate, StrategyResult } from './types';

/**
 * Fates by id: an original absent from `output` is removed, or summarized when an inserted summary
 * `replaces` it; the same object is kept; another object with the same id is truncated (kept when its
 * text did not change). Output steps whose id is not an original's are inserted.
 */
export function buildResult(
  original: readonly Step[],
  output: readonly Step[],
  notes: readonly string[] = [],
): StrategyResult {
  const byId = new Map<string, Step>();
  for (const s of output) byId.set(s.id, s);
  const originalIds = new Set(original.map((s) => s.id));
  const inserted = output.filter((s) => !originalIds.has(s.id));
  const summaryOf = new Map<string, string>();
  for (const s of inserted) {
    if (s.kind === 'summary') for (const id of (s as SummaryStep).replaces) summaryOf.set(id, s.id);
  }
  const fates = original.map((step): StepFate => {
    const out = byId.get(step.id);
    if (out === undefined) {
      const summaryId = summaryOf.get(step.id);
      return summaryId === undefined ? { kind: 'removed' } : { kind: 'summarized', summaryId };
    }
    if (out === step) return { kind: 'kept' };
    const before = stepText(step);
    const after = stepText(out);
    return before === after ? { kind: 'kept' } : { kind: 'truncated', before, after };
  });
  return { steps: output, fates, inserted, notes };
}

/** The identity result: every step kept. */
export function keepAll(original: readonly Step[], notes: readonly string[] = []): StrategyResult {
  return { steps: original, fates: original.map(() => ({ kind: 'kept' })), inserted: [], notes };
}
