import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonValue } from './guards';
import { keptArguments, sole } from './util';

describe('isJsonValue', () => {
  it('takes whatever JSON text parses to', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(isJsonValue(JSON.parse(JSON.stringify(v)))).toBe(true);
      }),
    );
  });

  it('refuses what JSON cannot hold, at any depth', () => {
    for (const v of [undefined, () => 0, 1n, Symbol('x'), [1, undefined], { a: { b: 1n } }])
      expect(isJsonValue(v)).toBe(false);
  });
});

describe('keptArguments', () => {
  it('keeps a JSON value as it is, the same object; none is {}', () => {
    const args = { path: '/tmp', lines: [1, 2], deep: { x: null } };
    expect(keptArguments(args)).toBe(args);
    expect(keptArguments(undefined)).toEqual({});
    expect(keptArguments(null)).toEqual({});
  });
});

describe('sole', () => {
  it('is the one element, else undefined', () => {
    expect(sole(new Set(['gpt-4o']))).toBe('gpt-4o');
    expect(sole(new Set<string>())).toBeUndefined();
    expect(sole(['a', 'b'])).toBeUndefined();
    expect(sole(new Map([['k', 1]]).keys())).toBe('k');
  });
});
