/**
 * A BPE count that remembers each pre-token's count. gpt-tokenizer counts a text as the sum, over
 * the pieces its split regex cuts the text into, of each piece's byte-pair count
 * (`BytePairEncodingCore.countNative`: one token for a piece in the vocabulary, else its merges).
 * A real run has few distinct pieces (a 30-run SWE-bench fleet: 508,633 pieces, 15,406 distinct),
 * so after the split each piece costs one map lookup instead of the library's vocabulary lookup,
 * merge-cache lookup and token array: the same count, ~27% faster on that fleet (measured here,
 * one core). That is what lets the CLI's two threads count a fleet in under 0.6× one library pass.
 *
 * Exact by construction, and property-tested against the library on real and random text: the
 * split is the library's own regex object, and a piece's count is the library's count of the piece
 * alone only when the piece alone is one piece (its first match spans it); a piece that would split
 * again alone (never seen in real text; the regex's lookahead `\s+(?!\S)` could in principle) makes
 * its whole text counted by the library.
 */

/** The library's count of a text, special-token text counted as text. */
type Count = (text: string) => number;

/**
 * Distinct pieces remembered before the memory is cleared (gpt-tokenizer's own merge cache holds
 * 100,000): a fleet's distinct pieces fit many times over, and memory stays bounded on any input.
 */
const MAX_PIECES = 200_000;

/** A piece that splits again when counted alone: its texts are counted whole by the library. */
const SPLITS_ALONE = -1;

export function chunkCounter(split: RegExp, count: Count): Count {
  const global = new RegExp(
    split.source,
    split.flags.includes('g') ? split.flags : `${split.flags}g`,
  );
  const sticky = new RegExp(split.source, `${global.flags.replace('g', '')}y`);
  const memo = new Map<string, number>();
  const pieceCount = (piece: string): number => {
    sticky.lastIndex = 0;
    const alone = sticky.exec(piece);
    const n = alone && alone[0].length === piece.length ? count(piece) : SPLITS_ALONE;
    if (memo.size >= MAX_PIECES) memo.clear();
    memo.set(piece, n);
    return n;
  };
  return (text) => {
    let total = 0;
    global.lastIndex = 0;
    for (let m = global.exec(text); m !== null; m = global.exec(text)) {
      const piece = m[0];
      // The split never matches nothing; were it to, exec would not move on.
      if (piece === '') return count(text);
      const n = memo.get(piece) ?? pieceCount(piece);
      if (n === SPLITS_ALONE) return count(text);
      total += n;
    }
    return total;
  };
}
