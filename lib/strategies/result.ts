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
  const fates = new Array<StepFate>(original.length).fill(REMOVED);
  const inserted: Step[] = [];
  // Outputs keep the originals' order: look ahead one step before looking the id up.
  let next = 0;
  for (const out of output) {
    const i =
      next < original.length && (original[next] as Step).id === out.id
        ? next
        : positionsOf(original).get(out.id);
    if (i !== undefined) next = i + 1;
    if (i === undefined) {
      inserted.push(out);
      continue;
    }
    const step = original[i] as Step;
    if (out === step) {
      fates[i] = KEPT;
      continue;
    }
    const before = stepText(step);
    const after = stepText(out);
    fates[i] = before === after ? KEPT : { kind: 'truncated', before, after };
  }
  for (const s of inserted) {
    if (s.kind !== 'summary') continue;
    for (const id of (s as SummaryStep).replaces) {
      const i = positionsOf(original).get(id);
      // The last summary naming a step that is not in the output is the one it went into.
      if (i !== undefined && (fates[i] === REMOVED || fates[i]?.kind === 'summarized'))
        fates[i] = { kind: 'summarized', summaryId: s.id };
    }
  }
  return { steps: output, fates, inserted, notes };
}

const KEPT: StepFate = Object.freeze({ kind: 'kept' });
const REMOVED: StepFate = Object.freeze({ kind: 'removed' });

/** Each step list's positions by id, built once per list (a loaded history is applied to often). */
const positions = new WeakMap<readonly Step[], Map<string, number>>();

function positionsOf(steps: readonly Step[]): Map<string, number> {
  let map = positions.get(steps);
  if (map) return map;
  map = new Map();
  for (let i = 0; i < steps.length; i++) map.set((steps[i] as Step).id, i);
  positions.set(steps, map);
  return map;
}

/** The identity result: every step kept. */
export function keepAll(original: readonly Step[], notes: readonly string[] = []): StrategyResult {
  return { steps: original, fates: original.map(() => ({ kind: 'kept' })), inserted: [], notes };
}
