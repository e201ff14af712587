/**
 * Readers for values an importer took from a file, typed by what they check: a field's JSON value
 * (tool arguments, metadata kept as the file wrote them) and the one element of a collection.
 */
import type { JsonValue } from '../model/types';
import { isRecord } from './guards';

/**
 * Whether a value is JSON: what parsed text always holds (json-text.ts reads `NaN` as null and keeps
 * big integers as digits), and what the Python literal reader builds. Walks the whole value, so it is
 * for fields (a call's arguments), never for a file's record list.
 */
export function isJsonValue(value: unknown): value is JsonValue {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      return Array.isArray(value)
        ? value.every(isJsonValue)
        : isRecord(value) && Object.values(value).every(isJsonValue);
    default:
      return false;
  }
}

/** A field's value when it is JSON, else `otherwise` (a missing field: `undefined` is no JSON). */
export function jsonOr(value: unknown, otherwise: JsonValue): JsonValue {
  return isJsonValue(value) ? value : otherwise;
}

/** The only element of a collection (the one model a run used), or undefined for none or several. */
export function sole<T>(items: Iterable<T>): T | undefined {
  let only: T | undefined;
  let seen = 0;
  for (const item of items) {
    if (++seen > 1) return undefined;
    only = item;
  }
  return only;
}
