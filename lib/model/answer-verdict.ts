/**
 * The verdict of a run whose file records its answer and the expected one but no score: smolagents'
 * benchmark runs (`examples/smolagents_benchmark/run.py`) write `answer` and `true_answer` per
 * question, and the importer keeps them as the outcome `answer X · expected Y` (lib/import/
 * smolagents.ts). The benchmark's own verdict is their exact match after `normalize_answer`: lower
 * case, whitespace collapsed, trailing `.!?;,` removed (run.py `calculate_exact_match_score`, whose
 * counts its `benchmark_scores_*.json` files record).
 */

const OUTCOME = /^answer (.*) · expected (.*)$/s;
/** lib/import/smolagents.ts `oneLine`: a value over 80 characters is cut to 79 and `…`. */
const CUT = 80;

export function normalizeAnswer(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!?;,]+$/, '');
}

const isCut = (text: string) => text.length === CUT && text.endsWith('…');

/**
 * Solved or not, from an `answer X · expected Y` outcome; null for any other outcome. The label cuts
 * a value over 80 characters: an answer cut is longer than an expected answer held whole, so they
 * differ; an expected answer cut still differs from an answer that does not begin with its visible
 * part; otherwise (both cut, or a matching beginning) the label cannot tell, and says nothing.
 */
export function answerVerdict(label: string | null): boolean | null {
  const m = label === null ? null : OUTCOME.exec(label);
  if (!m) return null;
  const [answer, expected] = [m[1] as string, m[2] as string];
  if (isCut(expected)) {
    if (isCut(answer)) return null;
    return normalizeAnswer(answer).startsWith(normalizeAnswer(expected.slice(0, -1)))
      ? null
      : false;
  }
  if (isCut(answer)) return false;
  return normalizeAnswer(answer) === normalizeAnswer(expected);
}
