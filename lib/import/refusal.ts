/**
 * Why no importer took a value, said so a person can act on it. In order:
 * 1. an importer whose `near.sniff` recognizes the value: "looks like X, but at /path: problem",
 *    unless another format's schema knows more of the value's keys (a sniff is a loose signature);
 * 2. else the format the value came closest to, of those with a `near.schema`: "closest to X: at
 *    /path: problem" (for JSONL "at line N, /path" inside the record). Closest is decided by the
 *    value's keys the schema knows (at least two, so one shared word like `events` or `items` is not
 *    taken for intent), then by how far the parse got (the later record, then the deeper path of
 *    its first problem), then by registry order; nothing depends on the order keys are written in;
 * 3. else what the value is ("a list of 3 objects with keys a, b") and where the formats are listed.
 * A problem inside a union of shapes is the one of the shape that fits best (`firstProblem`).
 */
import { z, type ZodType } from 'zod';
import { recordLine } from './read';
import type { Importer } from './types';
import { sole } from './util';
import { isRecord, str } from './util';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** How many records of a list are looked at for their keys and parsed against a schema. */
const SAMPLE = 200;

/**
 * The keys a schema knows: of an object value, and of the records of a list value. Typed as zod's
 * core type, which is what a schema's inner schemas (elements, options, wrapped types) are.
 */
function knownKeys(schema: z.core.$ZodType, depth = 0): { object: Set<string>; list: Set<string> } {
  const out = { object: new Set<string>(), list: new Set<string>() };
  const add = (other: { object: Set<string>; list: Set<string> }) => {
    other.object.forEach((k) => out.object.add(k));
    other.list.forEach((k) => out.list.add(k));
  };
  if (depth > 6) return out;
  if (schema instanceof z.ZodObject) Object.keys(schema.shape).forEach((k) => out.object.add(k));
  else if (schema instanceof z.ZodArray)
    knownKeys(schema.element, depth + 1).object.forEach((k) => out.list.add(k));
  else if (schema instanceof z.ZodUnion)
    for (const option of schema.options) add(knownKeys(option, depth + 1));
  else if (schema instanceof z.ZodIntersection) {
    add(knownKeys(schema.def.left, depth + 1));
    add(knownKeys(schema.def.right, depth + 1));
  } else if (schema instanceof z.ZodPipe) add(knownKeys(schema.in, depth + 1));
  else if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  )
    add(knownKeys(schema.unwrap(), depth + 1));
  return out;
}

/** The value's own keys: an object's, or those of a list's records (the first SAMPLE). */
function ownKeys(value: unknown): string[] {
  if (isRecord(value)) return Object.keys(value);
  if (!Array.isArray(value)) return [];
  const keys = new Set<string>();
  for (const r of value.slice(0, SAMPLE))
    if (isRecord(r)) Object.keys(r).forEach((k) => keys.add(k));
  return [...keys];
}

/**
 * The first problem, followed into the union branch that fits best: the one whose first problem
 * lies deepest, then the one with the fewest problems, then the first (its path joined to the
 * union's). Branches that all fail on the value's own type say what each expected.
 */
function firstProblem(issue: Issue): { path: Path; message: string } {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0)
    return { path: issue.path, message: issue.message };
  const typeOnly = issue.errors.every((e) => e[0]?.code === 'invalid_type' && !e[0].path.length);
  if (typeOnly) {
    const expected = [
      ...new Set(
        issue.errors.flatMap((e) => (e[0]?.code === 'invalid_type' ? [e[0].expected] : [])),
      ),
    ];
    const received = / received (\S+)$/.exec(issue.errors[0]?.[0]?.message ?? '')?.[1];
    const list = `${expected.slice(0, -1).join(', ')} or ${expected.at(-1) ?? ''}`;
    return {
      path: issue.path,
      message: `Invalid input: expected ${list}${received ? `, received ${received}` : ''}`,
    };
  }
  let best: { path: Path; message: string; count: number } | undefined;
  for (const errors of issue.errors) {
    if (!errors[0]) continue;
    const b = { ...firstProblem(errors[0]), count: errors.length };
    if (
      !best ||
      b.path.length > best.path.length ||
      (b.path.length === best.path.length && b.count < best.count)
    )
      best = b;
  }
  return best
    ? { path: [...issue.path, ...best.path], message: best.message }
    : { path: issue.path, message: issue.message };
}

interface Nearness {
  importer: Importer;
  shared: number;
  path: Path;
  message: string;
}

/** How many of the value's keys an importer's schema knows. */
function sharedKeys(schema: ZodType, value: unknown, keys: string[]): number {
  const known = knownKeys(schema);
  const mine = Array.isArray(value) ? known.list : known.object;
  return keys.filter((k) => mine.has(k)).length;
}

/** How close a value came to one importer's schema, when it shares two keys with it. */
function nearness(importer: Importer, value: unknown, keys: string[]): Nearness | undefined {
  const schema = importer.near?.schema;
  if (!schema) return undefined;
  const shared = sharedKeys(schema, value, keys);
  if (shared < 2) return undefined;
  const parsed = schema.safeParse(Array.isArray(value) ? value.slice(0, SAMPLE) : value);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (!issue) return undefined;
  return { importer, shared, ...firstProblem(issue) };
}

/** The first importer whose sniff recognizes the value, with what its schema says of it. */
function sniffed(
  value: unknown,
  importers: readonly Importer[],
): { importer: Importer; schema: ZodType; text: string } | undefined {
  for (const importer of importers) {
    if (!importer.near?.sniff?.(value)) continue;
    const schema = importer.near.schema;
    const parsed = schema.safeParse(value);
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    if (!issue)
      return {
        importer,
        schema,
        text: `looks like ${importer.label}, but its content does not fit it`,
      };
    const problem = firstProblem(issue);
    // A union none of whose shapes fit at the top: nothing says the file was meant to be this format.
    if (problem.path.length === 0 && issue.code === 'invalid_union') continue;
    return {
      importer,
      schema,
      text: `looks like ${importer.label}, but at ${where(value, problem.path).at}: ${problem.message}`,
    };
  }
  return undefined;
}

/** Whether a's parse got further than b's: a later record, then a deeper path. */
function further(a: Path, b: Path): number {
  const ai = typeof a[0] === 'number' ? a[0] : -1;
  const bi = typeof b[0] === 'number' ? b[0] : -1;
  return ai !== bi ? ai - bi : a.length - b.length;
}

/** `line N, /rest` for a JSONL record, else the whole pointer. */
function where(value: unknown, path: Path): { at: string; jsonl: boolean } {
  const pointer = (p: Path) => p.map((k) => `/${str(k)}`).join('') || '/';
  const line =
    typeof path[0] === 'number' && Array.isArray(value) ? recordLine(value, path[0]) : undefined;
  return line === undefined
    ? { at: pointer(path), jsonl: false }
    : { at: `line ${line}, ${pointer(path.slice(1))}`, jsonl: true };
}

/** What a value is, in a few words: its kind, size and keys. */
export function describeValue(value: unknown): string {
  const count = (n: number, kind: string) => `${n} ${n === 1 ? kind : `${kind}s`}`;
  const keyList = (keys: string[]) =>
    keys.length === 0
      ? 'no keys'
      : `${keys.length === 1 ? 'key' : 'keys'} ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? `, … (${keys.length} in all)` : ''}`;
  if (isRecord(value)) return `an object with ${keyList(Object.keys(value))}`;
  if (!Array.isArray(value)) return value === null ? 'null' : `a single ${typeof value}`;
  const kinds = new Map<string, number>();
  for (const v of value) {
    const kind = isRecord(v)
      ? 'object'
      : Array.isArray(v)
        ? 'list'
        : v === null
          ? 'null'
          : typeof v;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const only = sole(kinds.keys());
  const what =
    only !== undefined
      ? count(value.length, only)
      : `${count(value.length, 'value')} (${[...kinds].map(([k, n]) => count(n, k)).join(', ')})`;
  const of = `${recordLine(value, 0) === undefined ? 'a list' : 'JSONL'} of ${what}`;
  return kinds.has('object') ? `${of} with ${keyList(ownKeys(value))}` : of;
}

/** Why no importer took a value (the file name is the caller's to add). */
export function whyNot(value: unknown, importers: readonly Importer[]): string {
  if (Array.isArray(value) && value.length === 0)
    return 'an empty list: the file holds no messages, steps or runs';
  if (isRecord(value) && Object.keys(value).length === 0)
    return 'an empty object: the file holds no history';
  const keys = ownKeys(value);
  let best: Nearness | undefined;
  for (const importer of importers) {
    const n = nearness(importer, value, keys);
    if (
      n &&
      (!best ||
        n.shared > best.shared ||
        (n.shared === best.shared && further(n.path, best.path) > 0))
    )
      best = n;
  }
  // A sniff is a loose signature: a format whose schema knows more of the value's keys is closer.
  const looks = sniffed(value, importers);
  if (
    looks &&
    (!best ||
      best.importer === looks.importer ||
      best.shared <= sharedKeys(looks.schema, value, keys))
  )
    return looks.text;
  if (best) {
    const { at, jsonl } = where(value, best.path);
    return `closest to ${best.importer.label}${jsonl ? ' (JSONL)' : ''}: at ${at}: ${best.message}`;
  }
  return `not a format Stepscope reads: ${describeValue(value)}; the formats it reads are listed in README.md, "Formats it opens"`;
}
