/**
 * Seed 002 `Trajectory.apply_sliding_window()` on the flat trajectory (max_steps=100,
 * preserve_first=2, preserve_last=20): past `max_steps`, keep the first `preserve_first` trajectory
 * steps and everything from a safe trim point. `_find_safe_trim_point` starts at
 * `preserve_first + excess`, skips tool results, skips a tool call together with its result (matched
 * by `tool_use_id`, as the seed's second version does), and stops at a user query or a thought,
 * never entering the last `preserve_last` steps. Where the seed's scan still ends on an unsafe point
 * (at its `preserve_last` bound, or with parallel calls), we move the cut back to the nearest point
 * that splits no call from its result (lib/README.md).
 */
import { z } from 'zod';
import { toTrajectory, type TrajectoryItem } from '../messages/trajectory';
import { buildResult, keepAll } from './result';
import type { Strategy } from './types';
import { UnitIndex } from './replay-kit';
import { stepsFromKeptUnits } from './units';

const params = z.object({
  maxSteps: z.number().int().min(1).default(100).describe('Trajectory steps kept at most.'),
  preserveFirst: z.number().int().min(0).default(2).describe('First trajectory steps always kept.'),
  preserveLast: z
    .number()
    .int()
    .min(0)
    .default(20)
    .describe('Last trajectory steps never trimmed.'),
});
type Params = z.infer<typeof params>;

/** Seed 002 `_find_safe_trim_point(min_remove)`. */
export function findSafeTrimPoint(
  items: readonly TrajectoryItem[],
  minRemove: number,
  p: Params,
  end = items.length,
): number {
  let trimIndex = p.preserveFirst + minRemove;
  while (trimIndex < end - p.preserveLast) {
    const current = (items[trimIndex] as TrajectoryItem).item;
    if (current.step_type === 'tool_result') {
      trimIndex += 1;
      continue;
    }
    if (current.step_type === 'tool_call' && trimIndex + 1 < end) {
      const next = (items[trimIndex + 1] as TrajectoryItem).item;
      if (next.step_type !== 'tool_result' || next.tool_use_id !== current.tool_use_id) break;
      trimIndex += 2;
      continue;
    }
    if (current.step_type === 'user_query' || current.step_type === 'thought') break;
    trimIndex += 1;
  }
  return Math.min(trimIndex, end);
}

/** True when removing items [first, cut) leaves no tool call without its result or result without its call. */
export function isSafeCut(items: readonly TrajectoryItem[], first: number, cut: number): boolean {
  const removed = new Map<string, number>();
  const kept = new Map<string, number>();
  items.forEach((it, i) => {
    const id = it.item.tool_use_id;
    if (id === undefined) return;
    const side = i >= first && i < cut ? removed : kept;
    side.set(id, (side.get(id) ?? 0) + 1);
  });
  for (const id of removed.keys()) if (kept.has(id)) return false;
  return true;
}

export const trajectorySlidingWindow: Strategy<Params> = {
  id: 'trajectory-sliding-window',
  label: 'Trajectory sliding window (seed 002)',
  description:
    'Keeps the first and the most recent trajectory steps, cutting only where no tool call loses its result.',
  source:
    'seed 002 Trajectory.apply_sliding_window (max_steps=100, preserve_first=2, preserve_last=20)',
  paramsSchema: params,
  apply(history, p) {
    const steps = history.steps;
    const items = toTrajectory(steps);
    if (items.length <= p.maxSteps)
      return keepAll(steps, [`${items.length} trajectory steps ≤ max_steps ${p.maxSteps}`]);
    const first = Math.min(p.preserveFirst, items.length);
    let cut = findSafeTrimPoint(items, items.length - p.maxSteps, p);
    const seedCut = cut;
    while (cut > first && !isSafeCut(items, first, cut)) cut--;
    const notes = [`kept ${first + items.length - cut} of ${items.length} trajectory steps`];
    if (cut !== seedCut)
      notes.push(`moved the cut back from ${seedCut} to ${cut} to keep tool pairs whole`);
    const units = items.map((it) => ({
      message: it.item,
      stepIndex: it.stepIndex,
      parts: [it.part],
    }));
    const kept = new Set<number>();
    items.forEach((_, i) => {
      if (i < first || i >= cut) kept.add(i);
    });
    return buildResult(steps, stepsFromKeptUnits(steps, units, kept), notes);
  },
  replayTokens(history, calls, p, ctx) {
    const items = toTrajectory(history.steps);
    const index = new UnitIndex(
      history.steps,
      ctx.tokens,
      items.map((it) => ({ message: it.item, stepIndex: it.stepIndex, parts: [it.part] })),
    );
    const first = p.preserveFirst;
    // Consecutive occurrences of a tool_use_id: a cut is unsafe when one is removed and the other kept.
    const pairs: [number, number][] = [];
    const lastSeen = new Map<string, number>();
    items.forEach((it, i) => {
      const id = it.item.tool_use_id;
      if (id === undefined) return;
      const prev = lastSeen.get(id);
      if (prev !== undefined) pairs.push([prev, i]);
      lastSeen.set(id, i);
    });
    // B: a pair from the preserved head into the removed middle: unsafe once the cut passes minHeadTail.
    let minHeadTail = Infinity;
    // A: crossMin[c] = the smallest far end among pairs starting in [first, c) and ending at or after c.
    const crossMin = new Array<number>(items.length + 1).fill(Infinity);
    for (const [a, b] of pairs) {
      if (a < first && b >= first) minHeadTail = Math.min(minHeadTail, b);
      if (a >= first)
        for (let c = a + 1; c <= b; c++) crossMin[c] = Math.min(crossMin[c] as number, b);
    }
    const safe = (cut: number, end: number) =>
      !(minHeadTail < cut) && !((crossMin[cut] as number) < end);
    return calls.map((k) => {
      const end = index.unitsBefore(k);
      if (end <= p.maxSteps) return index.contextTokens([[0, end]]);
      const head = Math.min(first, end);
      let cut = findSafeTrimPoint(items, end - p.maxSteps, p, end);
      while (cut > head && !safe(cut, end)) cut--;
      return index.contextTokens([
        [0, head],
        [Math.max(cut, head), end],
      ]);
    });
  },
};
