/**
 * The prefix two calls' contexts share, which prompt caching bills at a fraction of fresh input:
 * per step, the leading steps that are the same object or the same id and content.
 */
import type { Step } from '../model/types';
import { sameStep } from '../strategies/same-step';
import type { StepsAt } from '../strategies/types';

export { sameStep };

/** Tokens of the leading steps two contexts share (per-step granularity: a changed step ends the prefix). */
export function sharedPrefixTokens(
  a: readonly Step[],
  b: readonly Step[],
  tokens: (s: Step) => number,
): number {
  let shared = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as Step;
    if (!sameStep(x, b[i] as Step)) break;
    shared += tokens(x);
  }
  return shared;
}

export type { StepsAt };

/** How many leading steps of `output` are `input`'s own objects (what an application left alone). */
export function unchangedPrefix(input: readonly Step[], output: readonly Step[]): number {
  const n = Math.min(input.length, output.length);
  let i = 0;
  while (i < n && input[i] === output[i]) i++;
  return i;
}

/**
 * `sharedPrefixTokens(a, b, tokens)` where the steps of `b` before `unchanged` are known to be
 * `a`'s own objects and `aTokens` is the tokens of all of `a`: the comparison starts there, and the
 * shared tokens are counted from whichever end of `a` is nearer, so a context that changed only
 * near its end (in place, after every step) costs what changed.
 */
export function sharedTokens(
  a: StepsAt,
  b: StepsAt,
  unchanged: number,
  aTokens: number,
  tokens: (s: Step) => number,
): number {
  const n = Math.min(a.length, b.length);
  let end = Math.min(Math.max(0, unchanged), n);
  while (end < n && sameStep(a.at(end) as Step, b.at(end) as Step)) end++;
  let shared = 0;
  if (end <= a.length - end) {
    for (let i = 0; i < end; i++) shared += tokens(a.at(i) as Step);
    return shared;
  }
  shared = aTokens;
  for (let i = end; i < a.length; i++) shared -= tokens(a.at(i) as Step);
  return shared;
}
