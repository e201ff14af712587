/**
 * Type guards for values read from files, with no imports of their own: every import module may
 * use them (read.ts's helpers included) without an import cycle. util.ts re-exports them.
 */
import type { JsonValue } from '../model/types';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sets `key` as an own property of `target`, as an object literal's `[key]: value` does: assigned
 * (fast), except `__proto__`, whose assignment would set the prototype instead, defined.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}

/**
 * Whether a value is JSON: what `JSON.parse` makes, checked to the leaves (a file's value is one,
 * except where a reader built it: a `FolderValue`, Aider's text). Containers are walked, not copied.
 */
export function isJsonValue(value: unknown): value is JsonValue {
  if (typeof value !== 'object')
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  if (value === null) return true;
  if (Array.isArray(value)) {
    for (const x of value) if (!isJsonValue(x)) return false;
    return true;
  }
  if (!isRecord(value)) return false;
  for (const key in value) if (!isJsonValue(value[key])) return false;
  return true;
}

/**
 * `String(value)` for a value from a file, which never throws: JSON can make an object whose
 * `toString` is not a function (`{"toString": 0}`), and `String` throws on it; that reads as its JSON.
 */
export function str(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return String(value);
  } catch {
    return JSON.stringify(value) ?? '';
  }
}

/** What a `catch` caught, as an Error: what JavaScript throws is one, anything else is worded. */
export function errorOf(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(str(thrown));
}
