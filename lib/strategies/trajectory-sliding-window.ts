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
import type { Step } from '../model/types';
import type { StepTokens } from '../tokens/step-tokens';
import { keepAll } from './result';
import type { Strategy } from './types';
import { rangeShared } from './range-shared';
import { rangeViews, UnitIndex } from './replay-kit';

const params = z.object({
  maxSteps: z
    .number()
    .int()
    .min(1)
    .default(100)
    .describe('Trajectory steps kept at most.')
    .meta({ title: 'Trajectory steps kept', upstream: 'max_steps' }),
  preserveFirst: z
    .number()
    .int()
    .min(0)
    .default(2)
    .describe('First trajectory steps always kept.')
    .meta({ title: 'First steps kept', upstream: 'preserve_first' }),
  preserveLast: z
    .number()
    .int()
    .min(0)
    .default(20)
    .describe('Last trajectory steps never trimmed.')
    .meta({ title: 'Last steps kept', upstream: 'preserve_last' }),
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

/**
 * A step list's flat trajectory, its unit index and the consecutive occurrences of each
 * `tool_use_id` (a cut is unsafe when one of a pair is removed and the other kept), built once per
 * list and token counter: applying the window to a loaded history then costs its decision.
 */
export interface TrajectoryIndex {
  readonly items: readonly TrajectoryItem[];
  readonly index: UnitIndex<TrajectoryItem['item']>;
  readonly pairs: readonly (readonly [number, number])[];
}
const trajectories = new WeakMap<StepTokens, WeakMap<readonly Step[], TrajectoryIndex>>();

export function trajectoryIndex(steps: readonly Step[], tokens: StepTokens): TrajectoryIndex {
  let byList = trajectories.get(tokens);
  if (!byList) trajectories.set(tokens, (byList = new WeakMap()));
  const hit = byList.get(steps);
  if (hit) return hit;
  const items = toTrajectory(steps);
  const index = new UnitIndex(
    steps,
    tokens,
    items.map((it) => ({ message: it.item, stepIndex: it.stepIndex, parts: [it.part] })),
  );
  const pairs: [number, number][] = [];
  const lastSeen = new Map<string, number>();
  items.forEach((it, i) => {
    const id = it.item.tool_use_id;
    if (id === undefined) return;
    const prev = lastSeen.get(id);
    if (prev !== undefined) pairs.push([prev, i]);
    lastSeen.set(id, i);
  });
  const out = { items, index, pairs };
  byList.set(steps, out);
  return out;
}

/**
 * True when removing items [first, cut) leaves no tool call without its result or result without
 * its call: no consecutive pair of one id's occurrences has one end removed and the other kept.
 */
export function isSafeCut(
  pairs: readonly (readonly [number, number])[],
  first: number,
  cut: number,
): boolean {
  const removed = (i: number) => i >= first && i < cut;
  for (const [a, b] of pairs) if (removed(a) !== removed(b)) return false;
  return true;
}

export const trajectorySlidingWindow: Strategy<Params> = {
  id: 'trajectory-sliding-window',
  label: 'Trajectory sliding window (seed 002)',
  description:
    'Keeps the first and the most recent trajectory steps, cutting only where no tool call loses its result.',
  source: 'seed 002 Trajectory.apply_sliding_window',
  paramsSchema: params,
  apply(history, p, ctx) {
    const steps = history.steps;
    const { items, index, pairs } = trajectoryIndex(steps, ctx.tokens);
    if (items.length <= p.maxSteps)
      return keepAll(steps, [`${items.length} trajectory steps ≤ max_steps ${p.maxSteps}`]);
    const first = Math.min(p.preserveFirst, items.length);
    let cut = findSafeTrimPoint(items, items.length - p.maxSteps, p);
    const seedCut = cut;
    while (cut > first && !isSafeCut(pairs, first, cut)) cut--;
    const notes = [`kept ${first + items.length - cut} of ${items.length} trajectory steps`];
    if (cut !== seedCut)
      notes.push(`moved the cut back from ${seedCut} to ${cut} to keep tool pairs whole`);
    return index.result(
      [
        [0, first],
        [Math.max(cut, first), items.length],
      ],
      notes,
    );
  },
  replayTokens(history, calls, p, ctx) {
    const { index } = trajectoryIndex(history.steps, ctx.tokens);
    const rangesAt = windowBefore(history.steps, p, ctx.tokens);
    return calls.map((k) => index.contextTokens(rangesAt(k)));
  },
  replayContexts(history, p, ctx) {
    const { index } = trajectoryIndex(history.steps, ctx.tokens);
    const rangesAt = windowBefore(history.steps, p, ctx.tokens);
    return (k) => index.stepsBefore(rangesAt(k), k);
  },
  replayViews(history, p, ctx) {
    const { index } = trajectoryIndex(history.steps, ctx.tokens);
    return rangeViews(index, windowBefore(history.steps, p, ctx.tokens), () => []);
  },
  replayShared(history, calls, p, ctx) {
    const steps = history.steps;
    return rangeShared(
      trajectoryIndex(steps, ctx.tokens).index,
      calls,
      windowBefore(steps, p, ctx.tokens),
      (k) => trajectorySlidingWindow.apply({ ...history, steps: steps.slice(0, k) }, p, ctx).steps,
    );
  },
};

/** The trajectory items the window keeps before the call producing step k, as ranges. */
function windowBefore(steps: readonly Step[], p: Params, tokens: StepTokens) {
  const { items, index, pairs } = trajectoryIndex(steps, tokens);
  const first = p.preserveFirst;
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
  return (k: number): [number, number][] => {
    const end = index.unitsBefore(k);
    if (end <= p.maxSteps) return [[0, end]];
    const head = Math.min(first, end);
    let cut = findSafeTrimPoint(items, end - p.maxSteps, p, end);
    while (cut > head && !safe(cut, end)) cut--;
    return [
      [0, head],
      [Math.max(cut, head), end],
    ];
  };
}
