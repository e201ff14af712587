/** Seed 001 `no_pruning()`: the identity strategy, the baseline every saving is measured against. */
import { z } from 'zod';
import { prefixSums, replayPrefix } from './per-step';
import { keepAll } from './result';
import type { Strategy } from './types';

const params = z.object({});

export const none: Strategy<z.infer<typeof params>> = {
  id: 'none',
  label: 'No pruning',
  description: 'Sends the whole history on every call: the baseline.',
  source: 'seed 001 no_pruning()',
  paramsSchema: params,
  apply: (history) => keepAll(history.steps),
  replayTokens: (history, calls, _p, ctx) =>
    replayPrefix(prefixSums(history.steps, ctx.tokens), calls),
  // Each call resends the previous call's context whole: it shares every step before that call.
  replayShared(history, calls, _p, ctx) {
    const sums = prefixSums(history.steps, ctx.tokens);
    return calls.map((_, c) => (c === 0 ? 0 : (sums[calls[c - 1] as number] as number)));
  },
};
