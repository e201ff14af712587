/**
 * When two steps send the same messages (what prompt caching compares, per step): the same object,
 * or the same id, kind and content. The simulation's shared prefixes (lib/simulate/prefix.ts) and
 * the strategies' replays of them (`replayShared`) compare with this one rule.
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
