/**
 * gpt-tokenizer's exact count, driven with less work per piece. `countTokens` (its `countNative`)
 * splits a text with `matchAll` (a match array per piece), looks each piece up in the rank map, and
 * merges the rest through an LRU cache of token arrays (has, get, delete and set per hit). Counting
 * needs none of that: this walks the same split regex stickily (a `test` and a slice per piece),
 * looks a piece up once, and keeps a count, not an array, per merged piece. The split regex, the
 * ranks and the merge are the library's own, so the count is the library's: property-tested against
 * `countTokens` on the real fixtures and on random text (special-token text, surrogates, CRLF). On
 * the strings of real SWE-bench runs and of the generated 52 MB history it takes ~0.6× the time of
 * `countTokens` (BENCHMARKS.md, issue 26's fifth round).
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
  const count = (text: string): number => {
    let n = 0;
    let start = 0;
    sticky.lastIndex = 0;
    while (start < text.length) {
      // Not covered here (or an empty piece, which would never end): the library's own walk.
      if (!sticky.test(text) || sticky.lastIndex === start) return libraryCount(text);
      const end = sticky.lastIndex;
      const piece = text.slice(start, end);
      start = end;
      if (ranks.has(piece)) {
        n++;
        continue;
      }
      let m = merged.get(piece);
      if (m === undefined) {
        m = core.bytePairEncode(piece).length;
        if (merged.size >= MAX_PIECES) merged.clear();
        merged.set(piece, m);
      }
      n += m;
    }
    return n;
  };
  fastPaths.add(count);
  return count;
}
