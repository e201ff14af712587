import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonValue, isRecord, mayHaveKeys, mayHaveListContent, withRecordKeys } from './guards';
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

describe('mayHaveKeys', () => {
  const KEYS = ['type', 'uuid', 'sessionId', 'message', 'constructor', 'toString', '__proto__'];
  const record = fc.dictionary(fc.constantFrom(...KEYS, 'role', 'content'), fc.jsonValue(), {
    maxKeys: 4,
  });
  const item = fc.oneof(record, record, fc.jsonValue());

  it('says no only when no record has every key (property), inside a detection run or not', () => {
    fc.assert(
      fc.property(
        // Through JSON, as a file's records are read (own `__proto__` keys included).
        fc.array(item, { maxLength: 6 }).map((xs) => JSON.parse(JSON.stringify(xs)) as unknown[]),
        fc.array(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 }),
        (list, keys) => {
          const some = list.some((r) => isRecord(r) && keys.every((k) => k in r));
          const outside = mayHaveKeys(list, ...keys);
          const inside = withRecordKeys(list, () => [
            mayHaveKeys(list, ...keys),
            mayHaveKeys(list, ...keys),
          ]);
          if (some) expect([outside, ...inside]).toEqual([true, true, true]);
          expect(inside).toEqual([outside, outside]);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('says "may" for records that are not plain objects, and reads a changed list again', () => {
    class Event {
      get type() {
        return 'session_start';
      }
    }
    expect(mayHaveKeys([new Event()], 'type')).toBe(true);
    const list: unknown[] = [{ role: 'user' }];
    expect(withRecordKeys(list, () => mayHaveKeys(list, 'type'))).toBe(false);
    list.push({ type: 'user' });
    expect(withRecordKeys(list, () => mayHaveKeys(list, 'type'))).toBe(true);
    expect(mayHaveKeys(list, 'type')).toBe(true);
  });
});

describe('mayHaveListContent', () => {
  const content = fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue(), { maxLength: 2 }));
  const record = fc.oneof(
    fc.record({ role: fc.constantFrom('user', 'assistant'), content }),
    fc.dictionary(fc.constantFrom('role', 'type', '__proto__'), fc.jsonValue(), { maxKeys: 3 }),
  );
  const item = fc.oneof(record, record, fc.jsonValue());

  it('says no only when no record has a list as its content (property), inside a detection run or not', () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 6 }).map((xs) => JSON.parse(JSON.stringify(xs)) as unknown[]),
        (list) => {
          const some = list.some((r) => isRecord(r) && Array.isArray(r.content));
          const outside = mayHaveListContent(list);
          const inside = withRecordKeys(list, () => [
            mayHaveListContent(list),
            mayHaveKeys(list, 'role'),
            mayHaveListContent(list),
          ]);
          if (some) expect([outside, inside[0], inside[2]]).toEqual([true, true, true]);
          else expect(outside).toBe(false);
          expect([inside[0], inside[2]]).toEqual([outside, outside]);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('says "may" for records that are not plain objects', () => {
    class Message {
      get content() {
        return [{ type: 'tool_use' }];
      }
    }
    expect(mayHaveListContent([new Message()])).toBe(true);
    expect(mayHaveListContent([{ role: 'user', content: 'hi' }])).toBe(false);
  });
});
