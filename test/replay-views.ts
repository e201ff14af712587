/** The `replayViews` contract, checked at every call: what the identifier fold relies on. */
import { expect } from 'vitest';
import type { Step } from '../lib/model/types';
import type { ContextView, StepsAt } from '../lib/strategies/types';

const tally = (steps: Iterable<Step>, into = new Map<Step, number>(), by = 1) => {
  for (const s of steps) into.set(s, (into.get(s) ?? 0) + by);
  for (const [s, n] of into) if (n === 0) into.delete(s);
  return into;
};

const stepsOf = (context: StepsAt) =>
  Array.from({ length: context.length }, (_, i) => context.at(i) as Step);

/**
 * Each view reads the context `contextAt` builds; its unchanged lead is the previous view's
 * objects at the same positions; its changes turn the previous context's step objects into this
 * one's (as collections: objects counted, order aside).
 */
export function expectViews(
  views: (k: number) => ContextView,
  contextAt: (k: number) => readonly Step[],
  calls: readonly number[],
): void {
  let before: StepsAt | undefined;
  let held = new Map<Step, number>();
  for (const k of calls) {
    const { context, unchanged, changes } = views(k);
    const built = contextAt(k);
    if (changes) {
      tally(changes.leaving, held, -1);
      tally(changes.entering, held);
      for (const n of held.values()) expect(n).toBeGreaterThan(0);
      expect(held).toEqual(tally(built));
    } else if (before) {
      for (let i = 0; i < unchanged; i++) expect(context.at(i)).toBe(before.at(i));
    } else expect(unchanged).toBe(0);
    expect(stepsOf(context)).toEqual(built);
    held = tally(built);
    before = context;
  }
}
