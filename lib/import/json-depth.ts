/**
 * Walks of a parsed JSON value: how deep it nests (MAX_DEPTH, refused with a pointer to where) and
 * whether it holds a number a double may have rounded from its digits (2^53 or more), in one pass.
 */
import { isRecord } from './guards';
import { ImportError } from '../model/errors';

/**
 * Values nested deeper than this are refused: rendering, copying (structured clone) and serializing
 * recurse per level. No agent history comes near it; Python's own `json` stops near 1,000.
 */
export const MAX_DEPTH = 500;

const TWO_53 = 2 ** 53;

/**
 * One pass over a parsed value: whether it nests past `limit` containers, and whether it holds a
 * number of magnitude 2^53 or more (the only numbers a double may have rounded from the digits
 * written). Recursion stops at the limit, so the stack stays shallow.
 */
export function scanValue(value: unknown, limit = MAX_DEPTH): { deep: boolean; big: boolean } {
  const found = { big: false };
  const deep = typeof value === 'object' && value !== null && visit(value, 1, limit, found);
  return { deep, big: found.big };
}

/**
 * `scanValue`'s walk: true when `node` nests past `limit`; sets `found.big` on a number of 2^53 or
 * more. A module-level function (not a closure made per scan: tool arguments are scanned one by one).
 */
export function visit(
  node: object,
  depth: number,
  limit: number,
  found: { big: boolean },
): boolean {
  if (Array.isArray(node)) {
    const items: readonly unknown[] = node;
    for (const x of items) {
      if (typeof x === 'object' && x !== null) {
        if (depth >= limit || visit(x, depth + 1, limit, found)) return true;
      } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) found.big = true;
    }
    return false;
  }
  if (!isRecord(node)) return false;
  for (const key in node) {
    const x = node[key];
    if (typeof x === 'object' && x !== null) {
      if (depth >= limit || visit(x, depth + 1, limit, found)) return true;
    } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) found.big = true;
  }
  return false;
}

export const NONE = 0;
export const BIG = 1;
export const DEEP = 2;

/**
 * `visit` that returns at the first number of 2^53 or more (BIG) or container past `limit` (DEEP),
 * else NONE: parseJsonText's walk, which needs no more than the first of either when the text is
 * then rewritten (keptDigits counts the brackets). Its own function: a stop flag in `visit` slowed
 * the full walk of a 52 MB history by 8 ms.
 */
export function firstFound(node: object, depth: number, limit: number): number {
  if (Array.isArray(node)) {
    const items: readonly unknown[] = node;
    for (const x of items) {
      if (typeof x === 'object' && x !== null) {
        if (depth >= limit) return DEEP;
        const r = firstFound(x, depth + 1, limit);
        if (r !== NONE) return r;
      } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) return BIG;
    }
    return NONE;
  }
  if (!isRecord(node)) return NONE;
  for (const key in node) {
    const x = node[key];
    if (typeof x === 'object' && x !== null) {
      if (depth >= limit) return DEEP;
      const r = firstFound(x, depth + 1, limit);
      if (r !== NONE) return r;
    } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) return BIG;
  }
  return NONE;
}

/**
 * `firstFound` of a list (at depth 1) that also notes in `seen.listContent` whether one of its
 * records has a list as its `content` (what `withRecordKeys` in guards.ts would read from every
 * record again): the same visits in the same order as `firstFound`, so the same answer. The
 * `content` test is made only on values the walk already knows are objects (a read of every
 * record's `content`, or a key collection inside this loop, tripled the walk's time).
 */
export function firstFoundInList(list: readonly unknown[], limit: number, seen: Seen): number {
  for (const x of list) {
    if (typeof x === 'object' && x !== null) {
      if (1 >= limit) return DEEP;
      const r = isRecord(x) ? firstFoundInRecord(x, limit, seen) : firstFound(x, 2, limit);
      if (r !== NONE) return r;
    } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) return BIG;
  }
  return NONE;
}

/** `firstFound` of a record of the list (depth 2), noting a list as its `content` in `seen`. */
function firstFoundInRecord(node: Record<string, unknown>, limit: number, seen: Seen): number {
  for (const key in node) {
    const x = node[key];
    if (typeof x === 'object' && x !== null) {
      if (key === 'content' && Array.isArray(x)) seen.listContent = true;
      if (2 >= limit) return DEEP;
      const r = firstFound(x, 3, limit);
      if (r !== NONE) return r;
    } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) return BIG;
  }
  return NONE;
}

export interface Seen {
  listContent: boolean;
}

/** RFC 6901 pointer of a path, for messages. */
function pointerOf(path: readonly (string | number)[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') || '/';
}

/**
 * Where `value` nests deeper than `limit` (arrays and objects), as a pointer to the first container
 * past it, or undefined. Iterative: a 100,000-level value does not overflow the stack here.
 */
export function tooDeep(value: unknown, limit = MAX_DEPTH): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  // The containers on the current path, and for each its entries still to visit.
  const path: (string | number)[] = [];
  const stack: Iterator<[string | number, unknown]>[] = [];
  const enter = (node: object) => {
    const items: readonly unknown[] | undefined = Array.isArray(node) ? node : undefined;
    stack.push(items ? items.entries() : Object.entries(node).values());
  };
  enter(value);
  for (let top = stack.at(-1); top; top = stack.at(-1)) {
    const next = top.next();
    if (next.done) {
      stack.pop();
      path.pop();
      continue;
    }
    const [key, child] = next.value;
    if (typeof child !== 'object' || child === null) continue;
    path.push(key);
    if (stack.length >= limit) return pointerOf(path);
    enter(child);
  }
  return undefined;
}

/** Throws when a parsed value nests too deep (`at`, from `parseJsonText`), naming the file and the place. */
export function checkDepth(at: string | undefined, name: string, line?: number): void {
  if (at === undefined) return;
  const where = `${line === undefined ? '' : `line ${line}, `}${at.length > 60 ? `${at.slice(0, 60)}…` : at}`;
  throw new ImportError(
    `${name}: the JSON nests more than ${MAX_DEPTH} levels deep (at ${where}); Stepscope reads up to ${MAX_DEPTH}`,
  );
}
