import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleRun } from '../../test/samples';
import { IdentifierAutomaton } from './identifier-automaton';
import { identifierShapes, outputText, textOf } from './identifiers';

/** What the automaton must find: every identifier the text contains, by the definition. */
const contained = (ids: readonly string[], text: string) =>
  ids.flatMap((id, n) => (text.includes(id) ? [n] : []));

const sorted = (found: readonly number[]) => [...found].sort((a, b) => a - b);

describe('IdentifierAutomaton', () => {
  // Mostly two letters, so identifiers overlap, share prefixes and end inside one another.
  const char = fc.oneof(
    { arbitrary: fc.constantFrom('a', 'b'), weight: 6 },
    { arbitrary: fc.constantFrom('/', 'é', '\u{1F600}'), weight: 1 },
  );
  const idArb = fc.array(char, { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''));
  const textArb = fc.array(fc.oneof(char, fc.constantFrom('x', ' ', '\n')), { maxLength: 80 });

  it('finds exactly the identifiers a text contains, each once, with dense rows or without', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(idArb, { maxLength: 12 }),
        fc.array(
          textArb.map((cs) => cs.join('')),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom(1, 7, 40, 1 << 21),
        (ids, texts, denseEntries) => {
          const automaton = new IdentifierAutomaton(ids, denseEntries);
          for (const text of texts) {
            const found = automaton.scan(text);
            expect(new Set(found).size).toBe(found.length);
            expect(sorted(found)).toEqual(contained(ids, text));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds an identifier that ends inside a longer one the text does not finish', () => {
    // "abc" is read on the way to "abcd": "bc" ends there, and only the failure links find it.
    expect(sorted(new IdentifierAutomaton(['abcd', 'bc', 'c']).scan('xabcx'))).toEqual([1, 2]);
  });

  it('finds what a real run’s calls write in every step of that run', () => {
    const { steps } = sampleRun('tau-bench-airline-task3.json');
    const ids = [
      ...new Set(
        steps.flatMap((s) =>
          s.kind === 'action' ? [...identifierShapes(outputText(s)).keys()] : [],
        ),
      ),
    ];
    expect(ids.length).toBeGreaterThan(20);
    // The whole automaton dense, and only its root row dense (every other state sparse).
    for (const automaton of [new IdentifierAutomaton(ids), new IdentifierAutomaton(ids, 1)]) {
      let hits = 0;
      for (const s of steps) {
        const found = automaton.scan(textOf(s));
        hits += found.length;
        expect(sorted(found)).toEqual(contained(ids, textOf(s)));
      }
      expect(hits).toBeGreaterThan(ids.length);
    }
  });
});
