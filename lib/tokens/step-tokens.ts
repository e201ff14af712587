/**
 * Tokens per step in a dialect: the sum of the step's messages, each with its per-message overhead.
 * Cached per step object (strategies keep the original object for a kept step, so replaying a
 * strategy over thousands of calls reuses every count).
 */
import { cachedUnits } from '../messages';
import type { AnyMessage, Dialect } from '../messages/types';
import type { Step } from '../model/types';
import { REPLY_PRIMING_TOKENS, countMessage } from './messages';
import {
  createTextCounter,
  DEFAULT_TOKENIZER,
  type TextCounter,
  type TokenizerId,
} from './tokenizer';

/** Chars/4 counts per step, per history id, in one dialect: the first counts a load sends. */
export interface Estimate {
  readonly dialect: Dialect;
  readonly byHistory: Record<string, number[]>;
}

export interface StepTokens {
  readonly counter: TextCounter;
  readonly dialect: Dialect;
  /** Tokens of one step's messages (with per-message overhead). */
  step(step: Step): number;
  /** Tokens of a whole request built from `steps` (with reply priming). */
  context(steps: readonly Step[]): number;
  /**
   * Tokens of one message (with its overhead): `countMessage`, kept per message object. Counting a
   * step keeps its messages' counts, so an index over the same messages (token-budget's, where
   * the dialects agree: lib/messages/index.ts `cachedUnits`) reads them instead of recounting.
   * Optional: a counter without it is asked `countMessage`.
   */
  message?(message: AnyMessage): number;
}

export function createStepTokens(
  tokenizer: TokenizerId = DEFAULT_TOKENIZER,
  dialect: Dialect = 'recorded',
): StepTokens {
  const counter = createTextCounter(tokenizer);
  const cache = new WeakMap<Step, number>();
  const messages = new WeakMap<AnyMessage, number>();
  const message = (m: AnyMessage): number => {
    let n = messages.get(m);
    if (n === undefined) messages.set(m, (n = countMessage(m, counter)));
    return n;
  };
  const step = (s: Step): number => {
    const hit = cache.get(s);
    if (hit !== undefined) return hit;
    let n = 0;
    for (const u of cachedUnits(s, dialect)) n += message(u.message);
    cache.set(s, n);
    return n;
  };
  return {
    counter,
    dialect,
    step,
    message,
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
