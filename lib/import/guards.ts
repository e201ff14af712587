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

/** The list whose records' keys are collected once, while its detection runs (`withRecordKeys`). */
let scope: { list: unknown; keys?: RecordKeys | null; listContent?: boolean } | undefined;

/**
 * Runs `detect` with the keys of `value`'s records (when it is a list) collected at most once for
 * `mayHaveKeys`, however many detectors ask; only for the run, so a list changed afterwards is
 * looked at again. `listContent`: whether one record's `content` is a list, when the parse's walk
 * of the list as it is now found it (`parseJsonText`): the keys are then collected without
 * reading every record's `content` again (2 of the 3 ms that pass took on a 52 MB file: each
 * `content` string's header a cache miss, issue 26).
 */
export function withRecordKeys<T>(value: unknown, detect: () => T, listContent?: boolean): T {
  const outer = scope;
  scope = listContent === undefined ? { list: value } : { list: value, listContent };
  try {
    return detect();
  } finally {
    scope = outer;
  }
}

/**
 * Whether one record of the list may have every one of `keys`: false only when one of them is in
 * no record (own or inherited, as `in` and a property read see it). Detectors look for their
 * signature record this way before walking the list with their own test: in `withRecordKeys` the
 * records' keys are collected once (one pass over the 20,000 messages of a 52 MB file, where five
 * detectors each walked them: issue 26). A record that is not a plain object (its prototype not
 * Object's or null: one whose prototype has keys a `for…in` does not list) makes the answer "may".
 * Records are JSON (what JSON.parse makes, or a reader's plain objects), whose keys `for…in` lists.
 */
export function mayHaveKeys(list: readonly unknown[], ...keys: string[]): boolean {
  const found = recordKeys(list)?.keys;
  // A key Object.prototype has (`constructor`) is in every record: never ruled out.
  return found === undefined || keys.every((k) => found.has(k) || k in Object.prototype);
}

/**
 * Whether one record of the list may have a list as its `content` (what a message with content
 * blocks has): false only when no record's `content` is one, found in the same pass as the keys
 * (the Anthropic detector walked the 20,000 freshly parsed messages of a 52 MB file for it).
 */
export function mayHaveListContent(list: readonly unknown[]): boolean {
  return recordKeys(list)?.listContent ?? true;
}

/** What one pass over a list's records found. */
interface RecordKeys {
  readonly keys: ReadonlySet<string>;
  readonly listContent: boolean;
}

/** The list's `keysOf`, collected once in `withRecordKeys`; undefined when a record is not plain. */
function recordKeys(list: readonly unknown[]): RecordKeys | undefined {
  const found =
    scope?.list === list ? (scope.keys ??= keysOf(list, scope.listContent)) : keysOf(list);
  return found ?? undefined;
}

/**
 * The keys of a list's records, and whether one's `content` is a list (`known`: as already found);
 * null when a record is not a plain object.
 */
function keysOf(list: readonly unknown[], known?: boolean): RecordKeys | null {
  const keys = new Set<string>();
  let listContent = known ?? false;
  for (let i = 0; i < list.length; i++) {
    const r = list[i];
    // Only records (isRecord) are tested by the detectors that ask.
    if (!isRecord(r)) continue;
    const proto: unknown = Object.getPrototypeOf(r);
    if (proto !== Object.prototype && proto !== null) return null;
    for (const k in r) keys.add(k);
    if (known === undefined && !listContent && Array.isArray(r.content)) listContent = true;
  }
  return { keys, listContent };
}
