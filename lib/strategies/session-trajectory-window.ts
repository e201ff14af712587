/**
 * Seed 002's second design, `SessionTrajectory.apply_sliding_window()` ("Apply STRANDS-style sliding
 * window management. Preserves tool pairs and system messages."), exactly as the seed writes it, on
 * the flat trajectory (lib/messages/trajectory.ts): a tool_use and its tool_result are two steps.
 *
 * - Nothing happens while `len(self.steps) <= self.max_steps` (`max_steps: int = 100`).
 * - `preserve_system_messages: bool = True` keeps every `StepRole.SYSTEM` step before the trim point
 *   (our system prompt and summaries have role `system`, "System summaries or context").
 * - `_find_safe_trim_point(excess, system_indices)` ("Find safe point to trim without breaking tool
 *   pairs. Similar to STRANDS' sliding window algorithm.") starts at `min_remove` itself (not after a
 *   preserved head, as the first design's does) and never scans into the last 20 steps
 *   (`while trim_index < len(self.steps) - 20:  # Keep at least last 20 steps`).
 *
 * Its quirks are kept: the scan can stop at that bound on a tool_result whose tool_use it removes;
 * it never stops on a tool_use, and skips one with its result only when that result follows it
 * directly (parallel calls are passed one step at a time); a pair skipped across the bound leaves 19; and with `max_steps` under 20 the scan starts
 * inside the last 20 and never runs, so the cut is `excess` itself, whatever step sits there. Unlike
 * `trajectory-sliding-window`, no cut is moved back to keep pairs whole (lib/README.md).
 */
import { z } from 'zod';
import { toSessionStep, type SessionStepType } from '../messages/session-trajectory';
import type { TrajectoryItem } from '../messages/trajectory';
import { rangeShared } from './range-shared';
import { rangeViews } from './replay-kit';
import { keepAll } from './result';
import { trajectoryIndex } from './trajectory-sliding-window';
import type { Strategy } from './types';

// The seed's fields are plain pydantic ints and bools: any int is accepted, so 0 is too.
const params = z.object({
  maxSteps: z
    .number()
    .int()
    .min(0)
    .default(100)
    .describe('max_steps: trajectory steps kept at most (the last 20 are never trimmed).')
    .meta({ title: 'Trajectory steps kept', upstream: 'max_steps' }),
  preserveSystemMessages: z
    .boolean()
    .default(true)
    .describe('preserve_system_messages: keep system steps before the trim point.')
    .meta({ title: 'Keep system steps', upstream: 'preserve_system_messages' }),
});
type Params = z.infer<typeof params>;

/** The fields of a seed 002 `TrajectoryStep` the window reads. */
export interface SeedWindowStep {
  readonly role: string;
  readonly step_type: SessionStepType;
  readonly tool_use_id?: string | undefined;
}

/** The seed's `# Keep at least last 20 steps`: a constant in its loop, not a field. */
export const KEEP_LAST = 20;

/**
 * Seed 002 `SessionTrajectory._find_safe_trim_point(min_remove, preserve_indices)`, line by line,
 * on the first `end` steps (`len(self.steps)`).
 */
export function findSessionTrimPoint(
  steps: readonly SeedWindowStep[],
  minRemove: number,
  preserveIndices: ReadonlySet<number>,
  end = steps.length,
): number {
  let trimIndex = minRemove;
  while (trimIndex < end - KEEP_LAST) {
    const current = steps[trimIndex] as SeedWindowStep;
    // Skip preserved indices
    if (preserveIndices.has(trimIndex)) {
      trimIndex += 1;
      continue;
    }
    // Don't start with orphaned tool_result
    if (current.step_type === 'tool_result') {
      trimIndex += 1;
      continue;
    }
    // Don't leave orphaned tool_use
    if (current.step_type === 'tool_use') {
      // Check if next step is the corresponding result
      if (trimIndex + 1 < end) {
        const next = steps[trimIndex + 1] as SeedWindowStep;
        if (next.step_type === 'tool_result' && next.tool_use_id === current.tool_use_id) {
          // Skip the pair
          trimIndex += 2;
          continue;
        }
      }
    }
    // Safe to trim at user queries, thoughts, or answers
    if (
      current.step_type === 'query' ||
      current.step_type === 'thought' ||
      current.step_type === 'answer'
    )
      break;
    trimIndex += 1;
  }
  return trimIndex;
}

/** A trajectory in the seed's terms, with its system steps' indices (all of them, in order). */
export interface SeedWindow {
  readonly steps: readonly SeedWindowStep[];
  readonly systemIndices: readonly number[];
  readonly systemSet: ReadonlySet<number>;
}

export function seedWindowOf(steps: readonly SeedWindowStep[]): SeedWindow {
  const systemIndices: number[] = [];
  steps.forEach((s, i) => {
    if (s.role === 'system') systemIndices.push(i);
  });
  return { steps, systemIndices, systemSet: new Set(systemIndices) };
}

const NO_INDICES: ReadonlySet<number> = new Set();

/**
 * Seed 002 `apply_sliding_window()` on the first `end` steps: the kept index ranges (sorted,
 * disjoint, half-open), the system steps before the trim point, then `self.steps[trim_index:]`.
 */
export function sessionWindowRanges(
  w: SeedWindow,
  p: Params,
  end = w.steps.length,
): [number, number][] {
  if (end <= p.maxSteps) return [[0, end]];
  // Find system messages to preserve (the scan never reads at or past `end`, so the indices past
  // it in `systemSet` change nothing).
  const preserve = p.preserveSystemMessages ? w.systemSet : NO_INDICES;
  // Calculate trim point (similar to STRANDS)
  const excess = end - p.maxSteps;
  const trimIndex = Math.min(findSessionTrimPoint(w.steps, excess, preserve, end), end);
  // Preserve system messages and recent steps
  const ranges: [number, number][] = [];
  if (p.preserveSystemMessages)
    for (const i of w.systemIndices) {
      if (i >= trimIndex) break;
      const last = ranges.at(-1);
      if (last && last[1] === i) last[1] = i + 1;
      else ranges.push([i, i + 1]);
    }
  // Add remaining steps after trim point
  const last = ranges.at(-1);
  if (last && last[1] === trimIndex) last[1] = end;
  else if (trimIndex < end) ranges.push([trimIndex, end]);
  return ranges;
}

/** The flat trajectory in the seed's second vocabulary, once per trajectory. */
const seedWindows = new WeakMap<readonly TrajectoryItem[], SeedWindow>();
export function seedWindowOfItems(items: readonly TrajectoryItem[]): SeedWindow {
  let out = seedWindows.get(items);
  if (!out) seedWindows.set(items, (out = seedWindowOf(items.map((it) => toSessionStep(it.item)))));
  return out;
}

const rangeLength = (ranges: readonly (readonly [number, number])[]) =>
  ranges.reduce((n, [a, b]) => n + b - a, 0);

export const sessionTrajectoryWindow: Strategy<Params> = {
  id: 'session-trajectory-window',
  label: 'Session trajectory window (seed 002)',
  description:
    'Past max_steps, keeps system steps and everything from a trim point that skips tool results and tool pairs and stops at a query, thought or answer, never inside the last 20 steps.',
  source: 'seed 002 SessionTrajectory.apply_sliding_window',
  paramsSchema: params,
  apply(history, p, ctx) {
    const steps = history.steps;
    const { items, index } = trajectoryIndex(steps, ctx.tokens);
    if (items.length <= p.maxSteps)
      return keepAll(steps, [`${items.length} trajectory steps ≤ max_steps ${p.maxSteps}`]);
    const ranges = sessionWindowRanges(seedWindowOfItems(items), p);
    const notes = [`kept ${rangeLength(ranges)} of ${items.length} trajectory steps`];
    return index.result(ranges, notes);
  },
  replayTokens(history, calls, p, ctx) {
    const { items, index } = trajectoryIndex(history.steps, ctx.tokens);
    const w = seedWindowOfItems(items);
    return calls.map((k) => index.contextTokens(sessionWindowRanges(w, p, index.unitsBefore(k))));
  },
  replayContexts(history, p, ctx) {
    const { items, index } = trajectoryIndex(history.steps, ctx.tokens);
    const w = seedWindowOfItems(items);
    return (k) => index.stepsBefore(sessionWindowRanges(w, p, index.unitsBefore(k)), k);
  },
  replayViews(history, p, ctx) {
    const { items, index } = trajectoryIndex(history.steps, ctx.tokens);
    const w = seedWindowOfItems(items);
    return rangeViews(
      index,
      (k) => sessionWindowRanges(w, p, index.unitsBefore(k)),
      () => [],
    );
  },
  replayShared(history, calls, p, ctx) {
    const steps = history.steps;
    const { items, index } = trajectoryIndex(steps, ctx.tokens);
    const w = seedWindowOfItems(items);
    return rangeShared(
      index,
      calls,
      (k) => sessionWindowRanges(w, p, index.unitsBefore(k)),
      (k) => sessionTrajectoryWindow.apply({ ...history, steps: steps.slice(0, k) }, p, ctx).steps,
    );
  },
};
