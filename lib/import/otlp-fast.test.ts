/**
 * The OTLP reader's fast path (issue 26: the shape check written out per message type in
 * otlp.ts, the flattening setting fields one by one) held equal to the reader before it
 * (test/reference/otlp.ts): the same check result and the same flattened spans, key order
 * included, on the real exports (as the importer reads them: Tempo's numeric nanosecond times kept
 * exact), on them with times and intValues a double rounds, and on generated exports.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { snake } from '../../test/snake-keys';
import { parseSource } from './read';
import { otlpSpans, toSpans } from './otel-spans';
import { decodeAnyValue, fitsResourceSpans, otlpSpansOf } from './otlp';

import {
  decodeAnyValue as referenceDecode,
  fitsResourceSpans as referenceFits,
  otlpSpansOf as referenceSpansOf,
} from '../../test/reference/otlp';

const read = (path: string) =>
  readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url), 'utf8');
const FILES = [
  'real/otel-genai/agentevals__adk_py_v1_default_S2.json',
  'real/otel-genai/kagent_tempo_export_with_batches.json',
  'derived/kagent_collector_file_export.jsonl',
];

function expectSameSpans(value: unknown) {
  const fast = otlpSpansOf(value);
  const reference = referenceSpansOf(value);
  expect(fast).toStrictEqual(reference);
  // Key order too (toStrictEqual does not look at it): views and exports list fields in it.
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
  // The importer's spans, read straight from the export (otel-spans.ts), are toSpans' of these.
  expect(otlpSpans(value)).toStrictEqual(
    reference && toSpans(reference.list, '', reference.pointers),
  );
}

const tempo = () =>
  parseSource(read('real/otel-genai/kagent_tempo_export_with_batches.json'), 't.json').value as {
    batches: {
      instrumentationLibrarySpans: { spans: Record<string, unknown>[] }[];
    }[];
  };

describe('the OTLP fast path', () => {
  it('flattens the real exports as before', () => {
    for (const path of FILES) {
      const value = parseSource(read(path), path).value;
      expect(otlpSpansOf(value)?.list.length).toBeGreaterThan(5);
      expectSameSpans(value);
    }
  });

  it('keeps times and integers a double rounds exact, as before', () => {
    // The Tempo export with times and an intValue past 2^53 that no double holds.
    const text = read('real/otel-genai/kagent_tempo_export_with_batches.json')
      .replace(/("(?:start|end)TimeUnixNano":\d{17})\d{2}/g, '$113')
      .replace(/"intValue":8083/g, '"intValue":9007199254740993');
    const value = parseSource(text, 't.json').value;
    const spans = otlpSpansOf(value)?.list ?? [];
    expect(spans.some((s) => /13$/.test(String(s.start_time)))).toBe(true);
    expect(
      spans.some(
        (s) => (s.attributes as Record<string, unknown>)['server.port'] === '9007199254740993',
      ),
    ).toBe(true);
    expectSameSpans(value);
  });

  it('takes and refuses what the composed checks did: one field of a real export changed', () => {
    const fields = [
      'traceId',
      'spanId',
      'parentSpanId',
      'name',
      'kind',
      'startTimeUnixNano',
      'endTimeUnixNano',
      'attributes',
      'events',
      'status',
    ];
    const values = [
      '',
      '12',
      '-3',
      '1x',
      1.5,
      -1,
      2 ** 60,
      Number.NaN,
      [],
      {},
      { code: 'x', message: 1 },
      { code: 2.5 },
      [{ key: 'k' }],
      [{ key: 'k', value: { intValue: '-7' } }],
      [{ key: 'k', value: { intValue: 1.5 } }],
      [{ key: 'k', value: { doubleValue: Infinity } }],
      [{ key: 'k', value: { arrayValue: { values: [{ boolValue: 'no' }] } } }],
      [{ key: 'k', value: { kvlistValue: { values: [{ key: 1 }] } } }],
      [{ name: 'e', timeUnixNano: '12' }],
      [{ name: 'e', timeUnixNano: -2 }],
      [{ name: 'e', attributes: [{ key: 'a', value: { bytesValue: 3 } }] }],
    ];
    const changed = (at: number, field: string, v: unknown, remove: boolean) => {
      const value = tempo();
      const spans = value.batches.flatMap((b) => b.instrumentationLibrarySpans[0]?.spans ?? []);
      const span = spans[at % spans.length] as Record<string, unknown>;
      if (remove) delete span[field];
      else span[field] = v;
      expect(fitsResourceSpans(value.batches)).toBe(referenceFits(value.batches));
      expectSameSpans(value);
    };
    for (const field of fields) {
      changed(0, field, undefined, true);
      for (const v of values) changed(0, field, v, false);
    }
    const odd = fc.oneof(fc.anything(), fc.constantFrom(...values));
    fc.assert(fc.property(fc.nat(), fc.constantFrom(...fields), odd, fc.boolean(), changed), {
      numRuns: 100,
    });
  });

  it('flattens generated exports as before (ids, kinds, statuses, events, odd keys, snake_case)', () => {
    const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ stringValue: fc.string() }),
        fc.record({ boolValue: fc.boolean() }),
        fc.record({
          intValue: fc.oneof(
            fc.integer(),
            fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n }).map(String),
          ),
        }),
        fc.record({
          doubleValue: fc.oneof(
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.constant('NaN'),
          ),
        }),
        fc.record({ bytesValue: fc.base64String() }),
        fc.record({ arrayValue: fc.record({ values: fc.array(tie('v'), { maxLength: 3 }) }) }),
        fc.record({
          kvlistValue: fc.record({
            values: fc.array(fc.record({ key: fc.string(), value: tie('v') }), { maxLength: 3 }),
          }),
        }),
        fc.constant({}),
      ),
    })).v;
    const key = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'toString', 'a', 'a', '0'));
    const attributes = fc.array(fc.record({ key, value: anyValue }, { requiredKeys: ['key'] }), {
      maxLength: 5,
    });
    const nano = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
      fc.nat(),
      fc.constant(1777555053780274700),
    );
    const id = fc.oneof(
      fc.stringMatching(/^[0-9a-fA-F]{16}$/),
      fc.stringMatching(/^[0-9a-f]{32}$/),
      fc.base64String({ minLength: 12, maxLength: 12 }),
      fc.constantFrom('span-1', 'span-2'),
    );
    const span = fc.record(
      {
        traceId: id,
        spanId: id,
        parentSpanId: fc.oneof(id, fc.constant('')),
        name: fc.string(),
        kind: fc.oneof(fc.nat(7), fc.constantFrom('SPAN_KIND_CLIENT', 'SPAN_KIND_SERVER', 'x')),
        startTimeUnixNano: nano,
        endTimeUnixNano: nano,
        attributes,
        events: fc.array(
          fc.record(
            { name: fc.string(), timeUnixNano: nano, attributes },
            { requiredKeys: ['name'] },
          ),
          { maxLength: 2 },
        ),
        status: fc.record({
          code: fc.oneof(fc.nat(3), fc.constantFrom('STATUS_CODE_ERROR', 'STATUS_CODE_OK')),
          message: fc.string(),
        }),
      },
      { requiredKeys: ['spanId', 'name'] },
    );
    const scope = fc.record({ name: fc.string(), version: fc.string() });
    const resourceSpans = fc.oneof(
      fc.record({
        resource: fc.record({ attributes }),
        scopeSpans: fc.array(fc.record({ scope, spans: fc.array(span, { maxLength: 4 }) }), {
          maxLength: 2,
        }),
      }),
      fc.record({
        instrumentationLibrarySpans: fc.array(
          fc.record({ instrumentationLibrary: scope, spans: fc.array(span, { maxLength: 4 }) }),
          { maxLength: 2 },
        ),
      }),
    );
    fc.assert(
      fc.property(fc.array(resourceSpans, { minLength: 1, maxLength: 3 }), (list) => {
        // Through the text, as a file is read (integers past 2^53 kept exact).
        const value = parseSource(JSON.stringify({ resourceSpans: list }), 'g.json').value;
        expect(fitsResourceSpans((value as { resourceSpans: unknown }).resourceSpans)).toBe(true);
        expectSameSpans(value);
        // The proto's own field names, renamed on reading.
        expectSameSpans(snake(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe('decodeAnyValue', () => {
  it('reads integers written as numbers as before, -0 and the edges of safe integers included', () => {
    const ints = [0, -0, 1, -1, 8083, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 2 ** 60, 1.5e21, 1e21];
    for (const intValue of ints) {
      const fast = decodeAnyValue({ intValue });
      const before = referenceDecode({ intValue });
      expect(Object.is(fast, before)).toBe(true);
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.maxSafeInteger(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        ),
        (intValue) => {
          expect(Object.is(decodeAnyValue({ intValue }), referenceDecode({ intValue }))).toBe(true);
        },
      ),
    );
  });
});
