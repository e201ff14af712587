import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packTexts, unpackTexts } from './text-pack';

describe('packed texts', () => {
  it('come back as they were, lone surrogates and long texts included', () => {
    const unit = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      // Lone surrogates, as a cut emoji leaves them.
      fc.constantFrom('\ud83d', '\ude00', 'a\ud83d', '<|endoftext|>'),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 20 }), (texts) => {
        expect(unpackTexts(packTexts(texts))).toEqual(texts);
      }),
    );
    const long = 'x😀\n'.repeat(10_000);
    expect(unpackTexts(packTexts(['', long, 'é']))).toEqual(['', long, 'é']);
  });

  it('reuse a spare buffer when it holds them, and take a new one when it does not', () => {
    const first = packTexts(['abc', 'de']);
    const again = packTexts(['xy'], first.buffer);
    expect(again.buffer).toBe(first.buffer);
    expect(unpackTexts(again)).toEqual(['xy']);
    const bigger = packTexts(['z'.repeat(first.buffer.byteLength)], first.buffer);
    expect(bigger.buffer).not.toBe(first.buffer);
    expect(unpackTexts(bigger)).toEqual(['z'.repeat(first.buffer.byteLength)]);
  });
});
