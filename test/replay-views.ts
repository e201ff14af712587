/** The `replayViews` contract, checked at every call: what the identifier fold relies on. */
import { expect } from 'vitest';
import type { Step } from '../lib/model/types';
import type { ContextView, StepsAt } from '../lib/strategies/types';

const tally = (steps: Iterable<Step>, into = new Map<Step, number>(), by = 1) => {
  for (const s of steps) into.set(s, (into.get(s) ?? 0) + by);
  for (const [s, n] of into) if (n === 0) into.delete(s);
  return into;
};

/** Steps in an order of their content, for comparing collections. */
const byContent = (steps: readonly Step[]) =>
  steps
    .map((s) => [JSON.stringify(s), s] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => s);

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
  // The step objects of the context as the views say, counted.
  let held = new Map<Step, number>();
  for (const k of calls) {
    const { context, unchanged, changes } = views(k);
    const built = contextAt(k);
    if (changes) {
      tally(changes.leaving, held, -1);
      tally(changes.entering, held);
      for (const n of held.values()) expect(n).toBeGreaterThan(0);
      // The views' own objects (a summary made once per span) may be other instances than the
      // built context's, with the same content.
      const all = [...held].flatMap(([s, n]) => Array<Step>(n).fill(s));
      expect(byContent(all)).toEqual(byContent(built));
    } else {
      if (before) for (let i = 0; i < unchanged; i++) expect(context.at(i)).toBe(before.at(i));
      else expect(unchanged).toBe(0);
      held = tally(stepsOf(context));
    }
    expect(stepsOf(context)).toEqual(built);
    before = context;
  }
}
