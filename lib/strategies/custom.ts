/**
 * Seed 001's "custom strategy": a user function `(steps) => steps`. It receives deep copies, so it
 * cannot touch the original; steps it returns with an original's id are matched to it (kept when the
 * text is unchanged, truncated otherwise), steps with new ids are inserted.
 */
import { z } from 'zod';
import type { Step } from '../model/types';
import { buildResult } from './result';
import type { Strategy } from './types';

export type CustomStrategyFn = (steps: Step[]) => Step[];

export function createCustomStrategy(
  fn: CustomStrategyFn,
  options: { id?: string; label?: string } = {},
): Strategy<Record<string, never>> {
  return {
    id: options.id ?? 'custom',
    label: options.label ?? 'Custom strategy',
    description: 'A user-supplied (steps) => steps function.',
    source: 'seed 001 custom_strategy(steps) -> steps',
    paramsSchema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    apply(history) {
      const output = fn(structuredClone([...history.steps]));
      if (!Array.isArray(output))
        throw new TypeError('A custom strategy must return an array of steps');
      const byId = new Map(history.steps.map((s) => [s.id, s]));
      // A returned step equal to its original keeps the original object, so fates see it as kept.
      const normalized = output.map((s) => {
        const o = byId.get(s.id);
        return o !== undefined && JSON.stringify(o) === JSON.stringify(s) ? o : s;
      });
      return buildResult(history.steps, normalized);
    },
  };
}
