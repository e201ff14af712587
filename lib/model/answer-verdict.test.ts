/** The verdict of smolagents' benchmark runs from their `answer X · expected Y` outcome. */
import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import { answerVerdict } from './answer-verdict';

describe('answerVerdict', () => {
  it("is run.py's exact match after normalize_answer (case, inner whitespace, trailing punctuation)", () => {
    expect(answerVerdict('answer Guava · expected Guava')).toBe(true);
    expect(answerVerdict('answer  guava. · expected Guava')).toBe(true);
    expect(answerVerdict('answer Guava. · expected Pineapple')).toBe(false);
    expect(answerVerdict('Submitted')).toBeNull();
    expect(answerVerdict(null)).toBeNull();
  });

  it('says nothing where the label cut the expected answer and the answer begins like it', () => {
    const long = `${'x'.repeat(79)}…`;
    expect(answerVerdict(`answer ${long} · expected short`)).toBe(false);
    expect(answerVerdict(`answer y · expected ${long}`)).toBe(false);
    expect(answerVerdict(`answer ${'x'.repeat(79)}y · expected ${long}`)).toBeNull();
    expect(answerVerdict(`answer ${long} · expected ${long}`)).toBeNull();
  });

  it("counts the real code agent's GAIA run as its own score file does (10 of 32)", () => {
    const { histories } = importFixture('real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl');
    const verdicts = histories.map((h) => answerVerdict(h.outcome ?? null));
    expect(verdicts.filter((v) => v === true)).toHaveLength(10);
  });
});
