/**
 * gpt-tokenizer's exact count, driven with less work per piece. `countTokens` (its `countNative`)
 * splits a text with `matchAll` (a match array per piece), looks each piece up in the rank map, and
 * merges the rest through an LRU cache of token arrays (has, get, delete and set per hit). Counting
 * needs none of that: this walks the same split regex stickily (a `test` and a slice per piece),
 * looks a piece up once, and keeps a count, not an array, per merged piece; a piece of one to
 * three ASCII characters (half of them) is counted once and read back by its character codes. The
 * split regex, the ranks and the merge are the library's own, so the count is the library's:
 * property-tested against `countTokens` on the real fixtures and on random text (special-token
 * text, surrogates, CRLF). On the strings of real SWE-bench runs and of the generated 52 MB history
 * it takes 0.47-0.50× the time of `countTokens` on one core (BENCHMARKS.md, issue 26's fifth round).
 *
 * The library keeps these parts private in its typings (`bytePairEncodingCoreProcessor`), so they
 * are checked when the counter is built; a version that changed them is counted by `countTokens`
 * (`fastPathOf` says which one runs, and a test pins it to the fast one for the bundled version).
 */

/** The parts of gpt-tokenizer's BytePairEncodingCore that the count drives. */
interface BpeCore {
  readonly tokenSplitRegex: RegExp;
  readonly bytePairStringRankEncoder: ReadonlyMap<string, number>;
  bytePairEncode(piece: string): readonly number[];
}

/** A merged piece's count is kept until this many are: then the cache starts again. */
const MAX_PIECES = 100_000;

function isBpeCore(core: unknown): core is BpeCore {
  return (
    typeof core === 'object' &&
    core !== null &&
    Reflect.get(core, 'tokenSplitRegex') instanceof RegExp &&
    Reflect.get(core, 'bytePairStringRankEncoder') instanceof Map &&
    typeof Reflect.get(core, 'bytePairEncode') === 'function'
  );
}

function coreOf(encoding: object): BpeCore | undefined {
  const core: unknown = Reflect.get(encoding, 'bytePairEncodingCoreProcessor');
  return isBpeCore(core) ? core : undefined;
}

/** Keys of the pieces of one, two and three ASCII characters (7 bits each), after one another. */
const SHORT_KEYS = 128 + (1 << 14) + (1 << 21);

/** A short ASCII piece's key in the table of short pieces' counts, or -1 (not ASCII). */
function shortKey(text: string, start: number, length: number): number {
  const c0 = text.charCodeAt(start);
  if (length === 1) return c0 < 128 ? c0 : -1;
  const c1 = text.charCodeAt(start + 1);
  if (length === 2) return (c0 | c1) < 128 ? 128 + ((c0 << 7) | c1) : -1;
  const c2 = text.charCodeAt(start + 2);
  return (c0 | c1 | c2) < 128 ? 128 + (1 << 14) + ((c0 << 14) | (c1 << 7) | c2) : -1;
}

const fastPaths = new WeakSet<(text: string) => number>();

/** Whether a counter made by `bpeCounter` runs the fast path (not the library's `countTokens`). */
export function fastPathOf(count: (text: string) => number): boolean {
  return fastPaths.has(count);
}

/**
 * The exact count of a gpt-tokenizer encoding (its default export), as `libraryCount` (its
 * `countTokens` with no special token allowed) counts: special-token text is ordinary text there,
 * and so it is here. Falls back to `libraryCount` when the encoding's parts are not there, or for a
 * text the split regex does not cover end to end (its `matchAll` skips what it does not match).
 */
export function bpeCounter(
  encoding: object,
  libraryCount: (text: string) => number,
): (text: string) => number {
  const core = coreOf(encoding);
  if (!core) return libraryCount;
  const split = core.tokenSplitRegex;
  // Sticky: each piece must start where the last ended, so a `test` and `lastIndex` give it.
  const sticky = new RegExp(split.source, `${split.flags.replace(/[gy]/g, '')}y`);
  const ranks = core.bytePairStringRankEncoder;
  const merged = new Map<string, number>();
  const pieceCount = (piece: string): number => {
    if (ranks.has(piece)) return 1;
    let m = merged.get(piece);
    if (m === undefined) {
      m = core.bytePairEncode(piece).length;
      if (merged.size >= MAX_PIECES) merged.clear();
      merged.set(piece, m);
    }
    return m;
  };
  // Half the pieces of real histories are one to three ASCII characters (punctuation, spaces,
  // short words, JSON's `":`): their counts are kept by code, with no string made or hashed.
  let short: Uint8Array | undefined;
  const count = (text: string): number => {
    let n = 0;
    let start = 0;
    sticky.lastIndex = 0;
    while (start < text.length) {
      // Not covered here (or an empty piece, which would never end): the library's own walk.
      if (!sticky.test(text) || sticky.lastIndex === start) return libraryCount(text);
      const end = sticky.lastIndex;
      const key = end - start <= 3 ? shortKey(text, start, end - start) : -1;
      if (key >= 0) {
        short ??= new Uint8Array(SHORT_KEYS);
        let c = short[key] as number;
        if (c === 0) short[key] = c = pieceCount(text.slice(start, end));
        n += c;
      } else n += pieceCount(text.slice(start, end));
      start = end;
    }
    return n;
  };
  fastPaths.add(count);
  return count;
}
