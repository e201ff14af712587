/**
 * Seed 002's `SessionTrajectory` (second design) against a transliteration of the seed's Python:
 * `apply_sliding_window`, `_find_safe_trim_point` and `get_messages_view` below are line-by-line
 * ports working on `{role, step_type, tool_use_id}` objects, with the seed's names, so that any
 * reading of the seed the strategy makes shows up as a difference. On generated histories (with
 * summaries, role `system`, in the middle) the strategy keeps exactly the trajectory steps the seed
 * keeps, and the session-trajectory dialect of what it keeps is the seed's messages view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMessages } from '../lib/messages';
import { toSessionStep, type SessionStepType } from '../lib/messages/session-trajectory';
import { toTrajectory } from '../lib/messages/trajectory';
import type { JsonValue, Step } from '../lib/model/types';
import { getStrategy, parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import {
  findSessionTrimPoint,
  seedWindowOf,
  sessionWindowRanges,
} from '../lib/strategies/session-trajectory-window';
import { stepsArb } from './arbitraries';

const RUNS = Number(process.env.FC_RUNS ?? 150);

/** A seed 002 `TrajectoryStep` (pydantic: `tool_data` and `tool_use_id` default to None). */
interface PyStep {
  role: 'user' | 'assistant' | 'system';
  step_type: SessionStepType;
  content: string;
  tool_data: { [key: string]: JsonValue } | null;
  tool_use_id: string | null;
}

const len = (xs: readonly unknown[]) => xs.length;

/** Seed 002 `class SessionTrajectory`, the window and the view, transliterated. */
class SessionTrajectory {
  constructor(
    public steps: PyStep[],
    public max_steps = 100,
    public preserve_system_messages = true,
  ) {}

  apply_sliding_window(): void {
    if (len(this.steps) <= this.max_steps) return;

    // Find system messages to preserve
    let system_indices: number[] = [];
    if (this.preserve_system_messages)
      system_indices = this.steps.flatMap((s, i) => (s.role === 'system' ? [i] : []));

    // Calculate trim point (similar to STRANDS)
    const excess = len(this.steps) - this.max_steps;
    const trim_index = this._find_safe_trim_point(excess, system_indices);

    // Preserve system messages and recent steps
    const preserved_steps: PyStep[] = [];
    for (const i of system_indices)
      if (i < trim_index) preserved_steps.push(this.steps[i] as PyStep);

    // Add remaining steps after trim point
    this.steps = [...preserved_steps, ...this.steps.slice(trim_index)];
  }

  _find_safe_trim_point(min_remove: number, preserve_indices: number[]): number {
    let trim_index = min_remove;

    while (trim_index < len(this.steps) - 20) {
      // Keep at least last 20 steps
      const current = this.steps[trim_index] as PyStep;

      // Skip preserved indices
      if (preserve_indices.includes(trim_index)) {
        trim_index += 1;
        continue;
      }

      // Don't start with orphaned tool_result
      if (current.step_type === 'tool_result') {
        trim_index += 1;
        continue;
      }

      // Don't leave orphaned tool_use
      if (current.step_type === 'tool_use') {
        // Check if next step is the corresponding result
        if (trim_index + 1 < len(this.steps)) {
          const next_step = this.steps[trim_index + 1] as PyStep;
          if (
            next_step.step_type === 'tool_result' &&
            next_step.tool_use_id === current.tool_use_id
          ) {
            // Skip the pair
            trim_index += 2;
            continue;
          }
        }
      }

      // Safe to trim at user queries, thoughts, or answers
      if (['query', 'thought', 'answer'].includes(current.step_type)) break;

      trim_index += 1;
    }

    return trim_index;
  }

  get_messages_view(): { role: string; content: { [key: string]: unknown }[] }[] {
    if (len(this.steps) === 0) return [];

    const messages: { role: string; content: { [key: string]: unknown }[] }[] = [];
    let current_message: { role: string; content: { [key: string]: unknown }[] } | null = null;

    for (const step of this.steps) {
      // Start new message if role changes
      if (current_message === null || current_message.role !== step.role) {
        if (current_message) messages.push(current_message);
        current_message = { role: step.role, content: [] };
      }

      // Add step as content block
      const content_block: { [key: string]: unknown } = {
        type: step.step_type,
        text: step.content,
      };
      // Python truthiness: an empty dict or string is false.
      if (step.tool_data && Object.keys(step.tool_data).length > 0)
        content_block.tool_data = step.tool_data;
      if (step.tool_use_id) content_block.tool_use_id = step.tool_use_id;

      current_message.content.push(content_block);
    }

    // Add final message
    if (current_message) messages.push(current_message);

    return messages;
  }
}

/** Our steps as the seed holds them: the flat trajectory in the second design's vocabulary. */
function pySteps(steps: readonly Step[]): PyStep[] {
  return toTrajectory(steps).map(({ item }) => {
    const s = toSessionStep(item);
    return {
      role: s.role,
      step_type: s.step_type,
      content: s.content,
      tool_data: s.tool_data ?? null,
      tool_use_id: s.tool_use_id ?? null,
    };
  });
}

/** Generated histories with seed summaries (role `system`) dropped in at random places. */
const historyArb = fc
  .tuple(stepsArb(30), fc.array(fc.nat(), { maxLength: 4 }))
  .map(([steps, at]) => {
    const out = [...steps];
    at.forEach((a, k) =>
      out.splice(a % (out.length + 1), 0, {
        kind: 'summary',
        id: `sum${k}`,
        stepNumber: 0,
        content: `summary ${k}`,
        replaces: [],
        origin: 'model',
      }),
    );
    return out.map((s, i) => ({ ...s, stepNumber: i }) as Step);
  });

const paramsArb = fc.record({
  maxSteps: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 150 })),
  preserveSystemMessages: fc.boolean(),
});

const strategy = getStrategy('session-trajectory-window');
const ctx = createStrategyContext();

describe('session-trajectory-window against the transliterated seed 002', () => {
  it('keeps exactly the trajectory steps SessionTrajectory.apply_sliding_window keeps', () => {
    fc.assert(
      fc.property(historyArb, paramsArb, (steps, raw) => {
        const seed = new SessionTrajectory(
          pySteps(steps),
          raw.maxSteps,
          raw.preserveSystemMessages,
        );
        seed.apply_sliding_window();
        const result = strategy.apply({ steps }, parseParams(strategy, raw), ctx);
        expect(pySteps(result.steps)).toEqual(seed.steps);
        // The dialect of what it keeps is the seed's get_messages_view() of the kept steps.
        expect(toMessages(result.steps, 'session-trajectory')).toEqual(seed.get_messages_view());
      }),
      { numRuns: RUNS },
    );
  });

  it('finds the same trim point on any sequence of the seed step types (orphans, mismatched ids)', () => {
    const stepArb = fc.record({
      role: fc.constantFrom('user', 'assistant', 'system') as fc.Arbitrary<PyStep['role']>,
      step_type: fc.constantFrom(
        'query',
        'thought',
        'tool_use',
        'tool_result',
        'answer',
        'summary',
      ) as fc.Arbitrary<SessionStepType>,
      content: fc.constant(''),
      tool_data: fc.constant(null),
      tool_use_id: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(stepArb, { maxLength: 60 }),
        fc.nat({ max: 60 }),
        fc.boolean(),
        (steps, maxSteps, preserve) => {
          const py = new SessionTrajectory(steps, maxSteps, preserve);
          const ours = steps.map((s) => ({
            role: s.role,
            step_type: s.step_type,
            tool_use_id: s.tool_use_id ?? undefined,
          }));
          const system = preserve ? steps.flatMap((s, i) => (s.role === 'system' ? [i] : [])) : [];
          for (let min = 1; min <= steps.length; min++)
            expect(findSessionTrimPoint(ours, min, new Set(system))).toBe(
              py._find_safe_trim_point(min, system),
            );
          py.apply_sliding_window();
          const ranges = sessionWindowRanges(seedWindowOf(ours), {
            maxSteps,
            preserveSystemMessages: preserve,
          });
          expect(ranges.flatMap(([a, b]) => steps.slice(a, b))).toEqual(py.steps);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
