/** Building a `StrategyResult` from a strategy's output steps: fates are derived, not hand-kept. */
import { stepText } from '../model/steps';
import { textChanged } from './fate-text';
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
  // Looked up once per call: a summary of 100,000 steps names each of them.
  let positions: Map<string, number> | undefined;
  const inserted: Step[] = [];
  // Outputs keep the originals' order: look ahead one step before looking the id up.
  let next = 0;
  for (const out of output) {
    const i =
      next < original.length && (original[next] as Step).id === out.id
        ? next
        : (positions ??= positionsOf(original)).get(out.id);
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
    fates[i] = changedFate(step, out);
  }
  for (const s of inserted) {
    if (s.kind !== 'summary') continue;
    // One fate object per summary: a summary of 100,000 steps names it 100,000 times.
    const into = summarizedFate(s.id);
    positions ??= positionsOf(original);
    // Summaries name their steps in order: where ids are unique, the step after the last one found
    // is looked at before the map (a summary of 100,000 steps spent most of its result there).
    const unique = positions.size === original.length;
    let guess = 0;
    for (const id of (s as SummaryStep).replaces) {
      const i =
        unique && (original[guess] as Step | undefined)?.id === id ? guess : positions.get(id);
      if (i !== undefined) guess = i + 1;
      // The last summary naming a step that is not in the output is the one it went into.
      if (i !== undefined && (fates[i] === REMOVED || fates[i]?.kind === 'summarized'))
        fates[i] = into;
    }
  }
  return { steps: output, fates, inserted, notes };
}

/**
 * The fate of `step` shown as `out`: truncated with both texts, or kept when the text did not
 * change. Kept per output object (with the step it was made from): strategies return the same
 * variant of a step at every apply (prune-old-observations, observation-masking, smolagents'
 * summary mode cache theirs), so its texts are compared once.
 */
export function changedFate(step: Step, out: Step): StepFate {
  const hit = changed.get(out);
  if (hit && hit.of === step) return hit.fate;
  const differs = textChanged(step, out) ?? stepText(step) !== stepText(out);
  const fate = differs ? truncatedFate(step, out) : KEPT;
  changed.set(out, { of: step, fate });
  return fate;
}

/**
 * A truncated fate whose before and after texts are rendered when first read (a view showing the
 * step's diff), not when a strategy applies: the same values `stepText` gives, kept per step. What
 * `changedFate` gives when the texts differ, for a caller that has decided they do without
 * comparing them (smolagents' summary mode: a variant that only drops the model output differs
 * exactly when the step shows one).
 */
export function truncatedFate(step: Step, out: Step): StepFate {
  return Object.freeze({
    kind: 'truncated' as const,
    get before() {
      return stepText(step);
    },
    get after() {
      return stepText(out);
    },
  });
}

const changed = new WeakMap<Step, { readonly of: Step; readonly fate: StepFate }>();

const KEPT: StepFate = Object.freeze({ kind: 'kept' });
/** The kept fate, one object (fates are read, never changed). */
export const KEPT_FATE = KEPT;

/** A step's fate when it went into the summary `summaryId` (one object per summary will do). */
export const summarizedFate = (summaryId: string): StepFate => ({ kind: 'summarized', summaryId });
const REMOVED: StepFate = Object.freeze({ kind: 'removed' });
/** The removed fate, one object. */
export const REMOVED_FATE = REMOVED;

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

/**
 * Each step list's positions by id, as `buildResult` looks them up: built once per list, so a load
 * (`prepareIndexes`, lib/strategies/load-index.ts) can build it for the applies to come (issue 26:
 * 16-40 ms of a first apply on 100,000 steps that drops or summarizes steps).
 */
export const stepPositions = (steps: readonly Step[]): ReadonlyMap<string, number> =>
  positionsOf(steps);

/**
 * No two steps of the list share an id (so no step object is listed twice either), from the same
 * positions: `buildResult` then finds every original output step at its own position.
 */
export const idsUnique = (steps: readonly Step[]): boolean =>
  positionsOf(steps).size === steps.length;

/**
 * The identity result: every step kept. Its fates are one frozen array per list (fates are read,
 * never changed), made once: on 100,000 freshly loaded steps a new 800 KB array per apply was the
 * whole apply, and its cost was the page faults of fresh memory (issue 26's linearity rows), not
 * the fill. A load makes it (`prepareIndexes`), as every strategy that keeps the list whole below
 * its trigger returns it.
 */
export function keepAll(original: readonly Step[], notes: readonly string[] = []): StrategyResult {
  return { steps: original, fates: keptFates(original), inserted: [], notes };
}

const allKept = new WeakMap<readonly Step[], readonly StepFate[]>();

/** A kept fate for each step of `steps`, one frozen array per list. */
export function keptFates(steps: readonly Step[]): readonly StepFate[] {
  let fates = allKept.get(steps);
  if (!fates) {
    fates = Object.freeze(new Array<StepFate>(steps.length).fill(KEPT));
    allKept.set(steps, fates);
  }
  return fates;
}
