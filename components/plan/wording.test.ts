import { describe, expect, it } from 'vitest';
import { counted, percent } from './wording';

describe('the plan view in words', () => {
  it('gives a count its noun in the right number', () => {
    expect(counted(1, 'step')).toBe('1 step');
    expect(counted(0, 'step')).toBe('0 steps');
    expect(counted(2, 'turn')).toBe('2 turns');
    expect(counted(1200, 'step')).toBe('1,200 steps');
    expect(counted(3, 'plan step')).toBe('3 plan steps');
  });

  it('shows a percentage with the precision its size needs', () => {
    expect(percent(0)).toBe('0%');
    expect(percent(0.004)).toBe('<0.01%');
    expect(percent(0.0372)).toBe('0.037%');
    expect(percent(0.5)).toBe('0.5%');
    expect(percent(1)).toBe('1%');
    expect(percent(3.14159)).toBe('3.1%');
    expect(percent(9.96)).toBe('10%');
    expect(percent(61.8)).toBe('62%');
    expect(percent(100)).toBe('100%');
    expect(percent(-2.5)).toBe('-2.5%');
  });
});
