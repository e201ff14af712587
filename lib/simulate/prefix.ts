/**
 * The prefix two calls' contexts share, which prompt caching bills at a fraction of fresh input:
 * per step, the leading steps that are the same object or the same id and content.
 */
import type { Step } from '../model/types';

const contentKeys = new WeakMap<Step, string>();
function contentKey(s: Step): string {
  let key = contentKeys.get(s);
  if (key === undefined) {
    key = JSON.stringify(s);
    contentKeys.set(s, key);
  }
  return key;
}

/** Two steps send the same messages: the same object, or the same id and the same content. */
export function sameStep(a: Step, b: Step): boolean {
  return a === b || (a.id === b.id && a.kind === b.kind && contentKey(a) === contentKey(b));
}

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
