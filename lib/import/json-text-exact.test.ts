/**
 * The one-pass reading of texts with long integers (`keptDigits`, issue 26) against what
 * `parseJsonText` did before it: `JSON.parse`, and when the value held a number of 2^53 or more,
 * the whole text again with every rounding integer literal outside strings rewritten by a regex
 * as a string of its digits. Same values on real fixtures and generated texts, same errors on
 * invalid ones.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanValue } from './json-depth';
import { keptDigits, longRunsRoundTrip } from './json-digits';
import { mayStartJson, parseEmbeddedJson, parseJsonExact, parseJsonText } from './json-text';

const BIG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g;

/** parseJsonText's value before the change (for texts without NaN or deep nesting). */
function reference(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!scanValue(value).big) return value;
  try {
    return JSON.parse(
      text.replace(BIG_INTEGER, (m) =>
        m.startsWith('"') || String(Number(m)) === m ? m : `"${m}"`,
      ),
    );
  } catch {
    return JSON.parse(text);
  }
}

/** The outcome of reading a text: its value, or the error's message. */
function outcome(read: (text: string) => unknown, text: string): unknown {
  try {
    return { value: read(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function expectSame(text: string) {
  expect(outcome((t) => parseJsonText(t).value, text)).toEqual(outcome(reference, text));
  expect(outcome(parseJsonExact, text)).toEqual(outcome(reference, text));
}

const ROOT = new URL('../../test/fixtures/real/', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('keptDigits', () => {
  it('reads every real JSON fixture and JSONL line as before', () => {
    let big = 0;
    for (const path of filesUnder(ROOT)) {
      const raw = readFileSync(path, 'utf8');
      const texts = /\.jsonl$/.test(path)
        ? raw.split('\n').filter((l) => l.trim() !== '')
        : /\.json$/.test(path)
          ? [raw]
          : [];
      for (const text of texts) {
        if (/\d{16}/.test(text)) big++;
        expectSame(text);
      }
    }
    // The fixtures hold texts with long integers (OTel nanosecond times), so the fast path ran.
    expect(big).toBeGreaterThan(10);
  });

  it('rewrites the integers a double rounds, in OTLP with numeric times (Tempo) and elsewhere', () => {
    const text = readFileSync(
      join(ROOT, 'otel-genai/kagent_tempo_export_with_batches.json'),
      'utf8',
    );
    // The export's times made ones a double rounds (the last digit changed).
    const changed = text.replace(/("(?:start|end)TimeUnixNano":\d{17})\d{2}/g, '$113');
    expect(changed).not.toBe(text);
    expect(keptDigits(changed)).not.toBe(changed);
    expectSame(changed);
    const value = parseJsonText(changed).value as { batches: { [k: string]: unknown }[] };
    expect(JSON.stringify(value.batches[0])).toMatch(/"startTimeUnixNano":"\d{17}13"/);
  });

  it('matches the regex rewrite on generated texts with long integers, strings and numbers', () => {
    const long = fc
      .tuple(fc.boolean(), fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^\d{15,22}$/))
      .map(([minus, head, tail]) => `${minus ? '-' : ''}${head}${tail}`);
    const number = fc.oneof(
      long,
      long.map((d) => `${d}.5`),
      long.map((d) => `${d}e3`),
      long.map((d) => `${d}E+2`),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
      fc.integer().map(String),
    );
    const string = fc.oneof(
      fc.string().map((s) => JSON.stringify(s)),
      long.map((d) => JSON.stringify(`id ${d}`)),
      long.map((d) => `"\\"${d}\\\\"`),
    );
    const ws = fc.constantFrom('', ' ', '\n  ', '\t', '\r\n');
    const value: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        number,
        string,
        fc.constantFrom('true', 'false', 'null'),
        fc
          .array(fc.tuple(ws, tie('v'), ws), { maxLength: 5 })
          .map((xs) => `[${xs.map(([a, v, b]) => a + v + b).join(',')}]`),
        fc
          .array(fc.tuple(string, ws, tie('v')), { maxLength: 5 })
          .map((xs) => `{${xs.map(([k, w, v]) => `${k}${w}:${w}${v}`).join(',')}}`),
      ),
    })).v;
    fc.assert(
      fc.property(value, (text) => expectSame(text)),
      { numRuns: 3000 },
    );
  });

  it('leaves a text that is one long integer a number, as before (only containers were scanned)', () => {
    for (const text of ['100000000000000040', ' \n-100000000000000040 ', '[100000000000000040]'])
      expectSame(text);
    expect(parseJsonText('100000000000000040').value).toBe(Number('100000000000000040'));
  });

  it('never makes an invalid text valid, and reports its error as before', () => {
    for (const text of [
      '{12345678901234567890: 1}',
      '{"a": 1, 12345678901234567890: 2}',
      '[01234567890123456789]',
      '[-01234567890123456789]',
      '[12345678901234567890 12345678901234567891]',
      '{"a": 12345678901234567890} [1]',
      '[12345678901234567890',
      '{"a":"12345678901234567890}',
      '{"a": -12345678901234567890x}',
    ])
      expectSame(text);
  });

  it("reads Python's NaN beside a long integer as before (null, with a warning)", () => {
    const read = parseJsonText('[12345678901234567890, NaN]');
    expect(read.value).toEqual(['12345678901234567890', null]);
    expect(read.warnings).toHaveLength(1);
  });

  it('leaves deep nesting to the slow path, which says where', () => {
    const deep = `${'['.repeat(600)}12345678901234567890${']'.repeat(600)}`;
    expect(keptDigits(deep)).toBeUndefined();
    expect(parseJsonText(deep).deepAt).toMatch(/^\/0\/0/);
    // A long integer before the deep part (the walk stops at it; the text's depth decides).
    const later = `[12345678901234567890, ${'['.repeat(600)}${']'.repeat(600)}]`;
    expect(parseJsonText(later).deepAt).toMatch(/^\/1\/0/);
    // A repeated key whose first value nests too deep: the value read does not.
    const repeated = `{"a": ${'['.repeat(600)}${']'.repeat(600)}, "a": 1, "b": 12345678901234567890}`;
    expectSame(repeated);
    expect(parseJsonText(repeated).value).toEqual({ a: 1, b: '12345678901234567890' });
    const edge = `${'['.repeat(500)}12345678901234567890${']'.repeat(500)}`;
    expect(keptDigits(edge)).toBeDefined();
    expectSame(edge);
  });

  it('reads texts whose long integers all write back the same (Tempo times) as before, deep or not', () => {
    // 1777555053780274700 is one of the kagent export's times: its double prints the same digits.
    const time = '1777555053780274700';
    expect(String(Number(time))).toBe(time);
    const texts = [
      `{"t": ${time}}`,
      `[-${time}, "${time}1"]`,
      `[${time}, ${'['.repeat(600)}${']'.repeat(600)}]`,
      `${'['.repeat(600)}${time}${']'.repeat(600)}`,
      `${'['.repeat(500)}${time}${']'.repeat(500)}`,
      `{"a": ${'['.repeat(600)}${']'.repeat(600)}, "a": 1, "b": ${time}}`,
    ];
    for (const text of texts) {
      expect(longRunsRoundTrip(text)).toBe(!text.includes(`${time}1`));
      expectSame(text);
      const before = keptDigits(text);
      const read = parseJsonText(text);
      // Deep exactly where the one-pass reader found the text too deep and the value is.
      expect(read.deepAt !== undefined).toBe(before === undefined && scanValue(read.value).deep);
    }
    expect(parseJsonText(texts[2] ?? '').deepAt).toMatch(/^\/1\/0/);
  });

  it('finds every long run that rounds, wherever it sits (property)', () => {
    // Long integers that write back the same (a double's own digits) and ones that may not.
    const exact = fc
      .bigInt({ min: 10n ** 15n, max: 10n ** 22n })
      .map((b) => String(Number(b)))
      .filter((d) => /^\d{16,}$/.test(d));
    const any = fc.stringMatching(/^[1-9]\d{15,21}$/);
    const filler = fc.constantFrom('', ' ', 'a', '"', ',', '[', '{"k":', '.', '-', 'e5');
    const text = fc
      .array(fc.tuple(filler, fc.oneof(exact, exact, any, fc.stringMatching(/^\d{0,20}$/))), {
        maxLength: 12,
      })
      .map((xs) => xs.map(([f, d]) => f + d).join(''));
    fc.assert(
      fc.property(text, (t) => {
        const runs = t.match(/\d{16,}/g) ?? [];
        expect(longRunsRoundTrip(t)).toBe(runs.every((r) => String(Number(r)) === r));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            exact,
            exact.map((d) => `-${d}`),
            fc.integer().map(String),
          ),
          {
            maxLength: 8,
          },
        ),
        fc.integer({ min: 0, max: 3 }),
        (items, nest) => {
          const text = `${'['.repeat(nest)}{"a": [${items.join(', ')}], "b": "${items.join(' ')}"}${']'.repeat(nest)}`;
          expectSame(text);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('parseEmbeddedJson', () => {
  /**
   * The first-character check changes nothing when it says no only where JSON.parse throws: the
   * reader gave undefined there before (it caught the error), and reads the rest as before.
   */
  function expectAsBefore(raw: string) {
    if (mayStartJson(raw)) return;
    expect(() => JSON.parse(raw) as unknown).toThrow();
    expect(parseEmbeddedJson(raw)).toBeUndefined();
  }

  it('says a text cannot be JSON only where JSON.parse throws (property)', () => {
    const head = fc.constantFrom('', ' ', '\t', '\n', '\r', '\u00a0', '\ufeff', '\v', '\f');
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      fc.constantFrom('NaN', 'Infinity', '+1', '.5', 'true', 'nul', '"a', '{}', '[]', '-', 'x'),
    );
    let ruledOut = 0;
    fc.assert(
      fc.property(fc.array(head, { maxLength: 3 }), body, (ws, b) => {
        const raw = ws.join('') + b;
        if (!mayStartJson(raw)) ruledOut++;
        expectAsBefore(raw);
        // Every JSON text may start as it does.
        if (ws.every((w) => ' \t\n\r'.includes(w)) && b !== '' && isJson(b))
          expect(mayStartJson(raw)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(ruledOut).toBeGreaterThan(500);
  });

  it('reads every string of the real OTLP exports as before', () => {
    const strings: string[] = [];
    const collect = (v: unknown) => {
      if (typeof v === 'string') strings.push(v);
      else if (typeof v === 'object' && v !== null) Object.values(v).forEach(collect);
    };
    for (const path of filesUnder(join(ROOT, 'otel-genai')))
      if (/\.json$/.test(path)) collect(JSON.parse(readFileSync(path, 'utf8')));
    expect(strings.filter((s) => !mayStartJson(s)).length).toBeGreaterThan(100);
    for (const raw of strings) expectAsBefore(raw);
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
