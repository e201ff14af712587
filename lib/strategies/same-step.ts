/**
 * When two steps send the same messages (what prompt caching compares, per step): the same object,
 * or the same id, kind and content. The simulation's shared prefixes (lib/simulate/prefix.ts) and
 * the strategies' replays of them (`replayShared`) compare with this one rule.
 */
import type { Step } from '../model/types';

/**
 * Two JSON values are equal: the same primitives, arrays of equal elements, objects with the same
 * keys (those holding `undefined` left out, as `JSON.stringify` leaves them out) and equal values.
 * It stops at the first difference: a step cut in place differs from the one it replaced in its
 * observation's length, read at once (serialising both, as this did before, was 8% of the
 * tinyAgent preset's 10,000-call comparison).
 */
function equalValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equalValues(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const k in x) {
    const v = x[k];
    if (v === undefined) continue;
    if (!Object.hasOwn(y, k) || !equalValues(v, y[k])) return false;
    keys++;
  }
  for (const k in y) if (y[k] !== undefined) keys--;
  return keys === 0;
}

/** Two steps send the same messages: the same object, or the same id and the same content. */
export function sameStep(a: Step, b: Step): boolean {
  return a === b || (a.id === b.id && a.kind === b.kind && equalValues(a, b));
}
