/**
 * The per-character fast paths of the placeholder strategies (issue 26, one apply on 100k steps ≤
 * 50 ms) against the code they replaced: Python's line count compared by ranges instead of a set
 * lookup per character, and seed 004's cut reading a text's code points only when its UTF-16 length
 * leaves the answer open.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionStep, Step } from '../lib/model/types';
import { pySplitLinesCount } from '../lib/strategies/placeholder';
import { truncateAction } from '../lib/strategies/prune-old-observations';
import { truncateAction as referenceTruncate } from './reference/prune-old-observations';
import { stepsArb } from './arbitraries';

const RUNS = Number(process.env.FC_RUNS ?? 300);

/** placeholder.ts's line count before issue 26's fast path, verbatim. */
const LINE_BREAKS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029]);
function referenceLines(text: string): number {
  let breaks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!LINE_BREAKS.has(c)) continue;
    breaks++;
    if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
  }
  const last = text.charCodeAt(text.length - 1);
  return text === '' || LINE_BREAKS.has(last) ? breaks : breaks + 1;
}

// Every break, their neighbours in code units, astral characters and lone surrogates.
const PIECES = [
  ...'\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029',
  '\r\n',
  ...'\t\x09\x0e\x1b\x1f \x84\x86\u2027\u202a',
  'a',
  'line',
  '😀',
  '\ud800',
  '\udc00',
  'é',
];
const textArb = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

describe('pySplitLinesCount by ranges', () => {
  it('counts the lines the set lookup counted', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(pySplitLinesCount(text)).toBe(referenceLines(text));
      }),
      { numRuns: RUNS * 5 },
    );
  });
});

describe("prune-old-observations' cut, reading code points only when the length leaves it open", () => {
  it('cuts every result and observation as before', () => {
    fc.assert(
      fc.property(
        stepsArb(8),
        fc.array(textArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 40 }),
        (steps, texts, maxLength) => {
          const actions = steps.filter((s): s is ActionStep => s.kind === 'action');
          for (const [j, s] of actions.entries()) {
            const pick = (k: number) => texts[(j + k) % texts.length] as string;
            const step: Step = {
              ...s,
              toolCalls: s.toolCalls.map((c, k) =>
                c.result === undefined ? c : { ...c, result: pick(k) },
              ),
              ...(s.observation === undefined ? {} : { observation: pick(s.toolCalls.length) }),
            };
            const a = step as ActionStep;
            expect(truncateAction(a, maxLength)).toEqual(referenceTruncate(a, maxLength));
            expect(truncateAction(a, maxLength) === a).toBe(referenceTruncate(a, maxLength) === a);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
