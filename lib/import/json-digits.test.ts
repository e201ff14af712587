import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maybeBig } from './json-digits';

describe('maybeBig', () => {
  it('finds a run of 16 digits exactly where /\\d{16}/ does, wherever the run starts', () => {
    const piece = fc.constantFrom('1', '9', '0', 'a', ' ', '"', '.', '-', '123456789', '55555555');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        expect(maybeBig(text)).toBe(/\d{16}/.test(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('at the edges of the text and of the stride', () => {
    for (let pad = 0; pad < 40; pad++) {
      expect(maybeBig(`${'x'.repeat(pad)}1234567890123456`)).toBe(true);
      expect(maybeBig(`${'x'.repeat(pad)}123456789012345`)).toBe(false);
      expect(maybeBig(`${'x'.repeat(pad)}123456789012345x1`)).toBe(false);
    }
  });
});
