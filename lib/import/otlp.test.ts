/**
 * OTLP/JSON trace data read as flattened spans (otlp.ts), on the real exports in
 * test/fixtures/real/otel-genai (agentevals' ADK recording, kagent's Tempo export) and the shapes
 * other writers give the same data: base64 ids, snake_case fields, wrappers, JSON Lines.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { snake } from '../../test/snake-keys';
import { importText } from './index';
import { parseSource } from './read';
import { toSpans } from './otel-spans';
import {
  decodeAnyValue,
  decodeAttributes,
  fitsResourceSpans,
  hexId,
  otlpSpansOf,
  resourceSpansList,
} from './otlp';

const read = (path: string) =>
  readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url), 'utf8');
const ADK = read('real/otel-genai/agentevals__adk_py_v1_default_S2.json');
const TEMPO = read('real/otel-genai/kagent_tempo_export_with_batches.json');
const JSONL = read('derived/kagent_collector_file_export.jsonl');

/** Each history's steps without where they came from (the pointer differs between shapes). */
function stepsOf(text: string, name: string) {
  const r = importText(text, name);
  expect(r.format).toBe('otel');
  return r.file.histories.map((h) => h.steps.map(({ source: _, ...s }) => s));
}

function spansOf(text: string, name = 'x.json') {
  const found = otlpSpansOf(parseSource(text, name).value);
  if (!found) throw new Error('no OTLP spans');
  return toSpans(found.list, '', found.pointers);
}

type Json = Record<string, unknown>;

describe('AnyValue', () => {
  const adk = JSON.parse(ADK) as {
    resourceSpans: [{ scopeSpans: [{ spans: Json[] }] }];
    resourceLogs: [{ scopeLogs: [{ logRecords: { body: Json }[] }] }];
  };

  it('reads the real file: kvlist bodies with an intValue string, arrays of strings', () => {
    const choice = adk.resourceLogs[0].scopeLogs[0].logRecords[2] as { body: Json };
    expect(decodeAnyValue(choice.body)).toEqual({
      content: '<elided>',
      index: 0,
      finish_reason: 'STOP',
    });
    const call = spansOf(ADK).find((s) => s.name === 'call_llm');
    expect(call?.attrs['gen_ai.response.finish_reasons']).toEqual(['stop']);
    expect(call?.attrs['gen_ai.usage.input_tokens']).toBe(20);
  });

  it('reads booleans and integers written as JSON numbers (the Tempo export)', () => {
    const chat = spansOf(TEMPO).find((s) => s.name === 'openai.chat');
    expect(chat?.attrs['llm.is_streaming']).toBe(false);
    expect(chat?.attrs['gen_ai.usage.input_tokens']).toBe(2256);
  });

  it('reads every other kind: doubles (NaN as a string), bytes, nested lists, empty values', () => {
    expect(decodeAnyValue({ doubleValue: 0.5 })).toBe(0.5);
    expect(decodeAnyValue({ doubleValue: 'NaN' })).toBe('NaN');
    expect(decodeAnyValue({ bytesValue: 'AQID' })).toBe('AQID');
    expect(decodeAnyValue({})).toBeNull();
    expect(decodeAnyValue(undefined)).toBeNull();
    expect(
      decodeAnyValue({
        arrayValue: {
          values: [
            { intValue: '1' },
            { kvlistValue: { values: [{ key: 'a', value: { boolValue: true } }] } },
          ],
        },
      }),
    ).toEqual([1, { a: true }]);
    // An integer past 2^53 keeps its digits; a key named __proto__ is a key like any other.
    expect(decodeAnyValue({ intValue: '9007199254740993' })).toBe('9007199254740993');
    const odd = decodeAttributes([{ key: '__proto__', value: { stringValue: 'x' } }]);
    expect(Object.keys(odd)).toEqual(['__proto__']);
  });
});

describe('ids', () => {
  it('are lowercase hex whether written as hex or as the base64 of their bytes', () => {
    expect(hexId('5DB75E10E7450E3B3C24A67DA6395432')).toBe('5db75e10e7450e3b3c24a67da6395432');
    const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
    expect(hexId(b64('5db75e10e7450e3b3c24a67da6395432'))).toBe('5db75e10e7450e3b3c24a67da6395432');
    expect(hexId(b64('f8b1308c00fb8f4b'))).toBe('f8b1308c00fb8f4b');
    expect(hexId('live-trace-1')).toBe('live-trace-1');
  });

  it('in base64 (the protobuf JSON mapping) give the real file the same tree and history', () => {
    const b64 = (hex: unknown) =>
      typeof hex === 'string' && hex ? Buffer.from(hex, 'hex').toString('base64') : hex;
    const x = JSON.parse(ADK) as { resourceSpans: [{ scopeSpans: [{ spans: Json[] }] }] };
    for (const s of x.resourceSpans[0].scopeSpans[0].spans) {
      s.traceId = b64(s.traceId);
      s.spanId = b64(s.spanId);
      if (s.parentSpanId) s.parentSpanId = b64(s.parentSpanId);
    }
    const text = JSON.stringify(x);
    expect(text).not.toContain('f8b1308c00fb8f4b');
    expect(spansOf(text).map((s) => [s.id, s.parent])).toEqual(
      spansOf(ADK).map((s) => [s.id, s.parent]),
    );
    expect(stepsOf(text, 'a.json')).toEqual(stepsOf(ADK, 'a.json'));
  });
});

describe('times', () => {
  it('stay exact past 2^53, written as strings or as JSON numbers', () => {
    const call = spansOf(ADK).find((s) => s.name === 'call_llm');
    expect(call?.start).toBe(1790607508643903197n);
    // Tempo writes them as numbers: each span's start is the file's digits, not a double's.
    const written = [...TEMPO.matchAll(/"startTimeUnixNano":(\d+)/g)].map((m) =>
      BigInt(m[1] as string),
    );
    expect(written).toHaveLength(86);
    expect(spansOf(TEMPO).map((s) => s.start)).toEqual(written);
  });
});

describe('shapes', () => {
  it('reads the pre-0.15 instrumentationLibrarySpans, kinds by name, a Tempo {batches} wrapper', () => {
    const spans = spansOf(TEMPO);
    expect(spans).toHaveLength(86);
    const found = otlpSpansOf(JSON.parse(TEMPO));
    const chat = found?.list.find((s) => s.name === 'openai.chat');
    expect(chat).toMatchObject({
      kind: 'CLIENT',
      // Tempo grouped the openai spans under the httpx instrumentation's library, as the file says.
      scope: { name: 'opentelemetry.instrumentation.httpx', version: '0.59b0' },
      resource: { attributes: { 'service.name': expect.any(String) } },
    });
    expect(spans.find((s) => s.name === 'openai.chat')?.pointer).toMatch(
      /^\/batches\/2\/instrumentationLibrarySpans\/0\/spans\/\d+$/,
    );
  });

  it("reads the Collector file exporter's JSON Lines as the export they were cut from", () => {
    expect(stepsOf(JSONL, 'k.jsonl')).toEqual(stepsOf(TEMPO, 'k.json'));
    // Lines of logs or metrics, and empty batches, sit among the traces in such a file.
    const mixed = ['{"resourceLogs":[]}', ...JSONL.trim().split('\n'), '{}'].join('\n');
    expect(stepsOf(mixed, 'k.jsonl')).toEqual(stepsOf(TEMPO, 'k.json'));
  });

  it('reads an export wrapped under a key, in a list, as its ResourceSpans, or snake_case', () => {
    const adk = JSON.parse(ADK) as Json;
    const want = stepsOf(ADK, 'a.json');
    for (const wrapped of [
      { result: adk }, // Jaeger api_v3
      { trace: adk }, // Tempo api v2
      { data: { export: adk } },
      [adk],
      adk.resourceSpans,
      snake(adk),
    ])
      expect(stepsOf(JSON.stringify(wrapped), 'a.json')).toEqual(want);
    // Wrapped exports one per line (a JSONL of API answers), one of them empty.
    const lines = [{ result: adk }, { result: { resourceSpans: [] } }].map((l) =>
      JSON.stringify(l),
    );
    expect(stepsOf(lines.join('\n'), 'a.jsonl')).toEqual(want);
  });

  it('maps status codes, numbers or names, to the names the readers test', () => {
    const x = JSON.parse(ADK) as { resourceSpans: [{ scopeSpans: [{ spans: Json[] }] }] };
    const [a, b] = x.resourceSpans[0].scopeSpans[0].spans;
    (a as Json).status = { code: 2, message: 'boom' };
    (b as Json).status = { code: 'STATUS_CODE_ERROR' };
    const spans = spansOf(JSON.stringify(x));
    expect(spans[0]?.status).toEqual({ code: 'ERROR', message: 'boom' });
    expect(spans[1]?.status).toEqual({ code: 'ERROR' });
  });

  it('leaves values that are not OTLP alone', () => {
    expect(otlpSpansOf([{ span_id: 'a', name: 'x' }])).toBeUndefined();
    expect(otlpSpansOf({ resourceSpans: [] })).toBeUndefined();
    expect(
      otlpSpansOf({ resourceSpans: [{ scopeSpans: [{ spans: [{ name: 1 }] }] }] }),
    ).toBeUndefined();
  });
});

describe('the fast shape check (fitsResourceSpans)', () => {
  const exports = [
    JSON.parse(ADK).resourceSpans as unknown[],
    (JSON.parse(TEMPO) as { batches: unknown[] }).batches,
  ];

  it('takes the real exports, which zod takes too', () => {
    for (const rs of exports) {
      expect(fitsResourceSpans(rs)).toBe(true);
      expect(resourceSpansList.safeParse(rs).success).toBe(true);
    }
  });

  it('never takes what zod refuses (one field of a real export made wrong)', () => {
    const mutations: [string, (s: Record<string, unknown>) => void][] = [
      ['an empty spanId', (s) => (s.spanId = '')],
      ['a fractional kind', (s) => (s.kind = 1.5)],
      ['a name that is a number', (s) => (s.name = 7)],
      ['a negative start time', (s) => (s.startTimeUnixNano = -1)],
      [
        'an intValue that is not digits',
        (s) => ((s.attributes as unknown[]).push({ key: 'n', value: { intValue: '1x' } }), s),
      ],
      ['a KeyValue without a key', (s) => (s.attributes as unknown[]).push({ value: {} })],
      ['a status code that is a list', (s) => (s.status = { code: [] })],
    ];
    for (const [what, mutate] of mutations) {
      const rs = structuredClone((JSON.parse(TEMPO) as { batches: unknown[] }).batches) as {
        instrumentationLibrarySpans: { spans: Record<string, unknown>[] }[];
      }[];
      mutate(rs[0]?.instrumentationLibrarySpans[0]?.spans[0] as Record<string, unknown>);
      expect([what, fitsResourceSpans(rs)]).toEqual([what, false]);
      expect([what, resourceSpansList.safeParse(rs).success]).toEqual([what, false]);
    }
  });
});
