import { describe, expect, it } from 'vitest';
import { countOf, formatFactor, formatPercent } from './format';

describe('number wording', () => {
  it('agrees a count with its noun', () => {
    expect(countOf(1, 'step', 'steps')).toBe('1 step');
    expect(countOf(0, 'step', 'steps')).toBe('0 steps');
    expect(countOf(2400, 'call', 'calls')).toBe('2,400 calls');
  });

  it('writes shares without a run of zeros', () => {
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.00001)).toBe('under 0.1%');
    expect(formatPercent(0.045)).toBe('4.5%');
    expect(formatPercent(0.05)).toBe('5%');
    expect(formatPercent(0.1307)).toBe('13%');
    expect(formatPercent(-0.51)).toBe('−51%');
  });

  it('names what a factor multiplies', () => {
    expect(formatFactor(142_445, 26_141, 'one pass')).toBe('5.4× one pass');
    expect(formatFactor(1_000, 50, 'one pass')).toBe('20× one pass');
    expect(formatFactor(10, 0, 'one pass')).toBeUndefined();
  });
});
