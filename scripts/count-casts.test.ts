import { describe, expect, it } from 'vitest';
import { castsIn } from './count-casts';

describe('castsIn', () => {
  it('counts `as T` and `<T>x`, not `as const`', () => {
    const text = [
      'const a = x as string;',
      'const b = <number>y;',
      'const c = [1, 2] as const;',
      'const d = z as unknown as Record<string, unknown>;',
      '// a comment saying x as string is not code',
      "const e = 'as Foo';",
    ].join('\n');
    expect(castsIn('t.ts', text)).toBe(4);
  });
});
