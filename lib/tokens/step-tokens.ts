/**
 * Tokens per step in a dialect: the sum of the step's messages, each with its per-message overhead.
 * Cached per step object (strategies keep the original object for a kept step, so replaying a
 * strategy over thousands of calls reuses every count).
 */
import { cachedUnits } from '../messages';
import type { Dialect } from '../messages/types';
import type { Step } from '../model/types';
import { REPLY_PRIMING_TOKENS, countMessage } from './messages';
import {
  createTextCounter,
  DEFAULT_TOKENIZER,
  type TextCounter,
  type TokenizerId,
} from './tokenizer';

export interface StepTokens {
  readonly counter: TextCounter;
  readonly dialect: Dialect;
  /** Tokens of one step's messages (with per-message overhead). */
  step(step: Step): number;
  /** Tokens of a whole request built from `steps` (with reply priming). */
  context(steps: readonly Step[]): number;
}

export function createStepTokens(
  tokenizer: TokenizerId = DEFAULT_TOKENIZER,
  dialect: Dialect = 'recorded',
): StepTokens {
  const counter = createTextCounter(tokenizer);
  const cache = new WeakMap<Step, number>();
  const step = (s: Step): number => {
    const hit = cache.get(s);
    if (hit !== undefined) return hit;
    let n = 0;
    for (const u of cachedUnits(s, dialect)) n += countMessage(u.message, counter);
    cache.set(s, n);
    return n;
  };
  return {
    counter,
    dialect,
    step,
    context(steps) {
      let n = REPLY_PRIMING_TOKENS;
      for (const s of steps) n += step(s);
      return n;
    },
  };
}

/**
 * Each step's chars/4 first estimate in a dialect: what a page shows at once, before any count
 * arrives from the history worker (a long file's first counts take seconds), marked as an estimate
 * where it is shown and replaced by the counts.
 */
export function estimateStepTokens(
  steps: readonly Step[],
  dialect: Dialect = 'recorded',
): number[] {
  const tokens = createStepTokens('heuristic', dialect);
  return steps.map((s) => tokens.step(s));
}
