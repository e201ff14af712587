/**
 * The OpenAI chat import's faster step building and tool-argument parse (issue 26, fourth round:
 * indexed loops, calls mapped, arguments not walked when they cannot nest too deep or hold an
 * integer a double rounds) give exactly what the previous code gave (test/reference/openai-messages.ts):
 * the same steps with their keys in the same order, the same warnings, the same `clean` verdict,
 * the same refusal; on the real OpenAI fixtures and on random lists with shared, missing and
 * answered-twice call ids, arguments that are not JSON, nest past 500 levels or hold long integers;
 * and (fifth round: a step is built once the results after it are known) on turns of calls and
 * their results.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../lib/import';
import { importOpenAIMessages } from '../lib/import/openai-messages';
import { NotThisFormat } from '../lib/import/types';
import { parseArguments } from '../lib/import/util';
import {
  importOpenAIMessagesReference,
  parseArgumentsReference,
} from './reference/openai-messages';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SOURCE = { format: 'openai-messages', file: 'x.json', pointer: '' };

const nested = (depth: number, open: string, close: string, inner: string) =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Argument texts around every branch of the parse: JSON, not JSON, too deep, long integers. */
const argumentText = fc.oneof(
  fc.json(),
  fc.string(),
  fc.jsonValue().map((v) => ` \n${JSON.stringify(v)}\t`),
  fc.integer({ min: 495, max: 505 }).map((d) => nested(d, '[', ']', '1')),
  fc.integer({ min: 245, max: 255 }).map((d) => nested(d, '{"a":', '}', '[]')),
  fc
    .tuple(fc.bigInt({ min: 2n ** 52n, max: 2n ** 70n }), fc.boolean(), fc.nat(600))
    .map(([n, neg, pad]) => `{"n":${neg ? '-' : ''}${n}, "pad":"${'x'.repeat(pad)}"}`),
  fc.constantFrom('9007199254740993', '9007199254740992', '1e16', '[1e400]', 'NaN', '', ' '),
  fc.nat(700).map((pad) => `{"id":"12345678901234567890","s":"${'y'.repeat(pad)}"}`),
);

const ids = fc.constantFrom('a', 'b', 'c', '__proto__', 'call_1');
const content = fc.oneof(
  fc.string(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(
    fc.record(
      {
        type: fc.constantFrom('text', 'image_url'),
        text: fc.option(fc.string(), { nil: undefined }),
      },
      { requiredKeys: ['type'] },
    ),
    { maxLength: 3 },
  ),
);
const withContent = <T extends object>(m: T, c: unknown) =>
  c === undefined ? m : { ...m, content: c };
const message = fc.oneof(
  fc
    .tuple(fc.constantFrom('system', 'developer', 'user'), content)
    .map(([role, c]) => withContent({ role }, c)),
  fc
    .tuple(
      content,
      fc.option(
        fc.array(
          fc.record({
            id: ids,
            type: fc.constant('function'),
            function: fc.record({ name: fc.constantFrom('ls', 'cat'), arguments: argumentText }),
          }),
          { maxLength: 4 },
        ),
        { nil: undefined },
      ),
    )
    .map(([c, calls]) =>
      withContent(
        calls === undefined ? { role: 'assistant' } : { role: 'assistant', tool_calls: calls },
        c,
      ),
    ),
  fc
    .tuple(content, fc.option(ids, { nil: undefined }))
    .map(([c, id]) =>
      withContent(id === undefined ? { role: 'tool' } : { role: 'tool', tool_call_id: id }, c),
    ),
  // Not an OpenAI message: the checked import must refuse where the previous one did.
  fc.constantFrom(
    { role: 'robot' },
    { role: 'tool', tool_call_id: 3 },
    { role: 'user', name: 5 },
    { role: 'user', content: 5 },
    { role: 'assistant', tool_calls: [{ id: 1, function: { name: 'ls', arguments: '{}' } }] },
    7,
    null,
  ),
);

/**
 * A turn as agents write them: an assistant message with calls, then tool messages answering its
 * calls (in any order, some twice, some never) or an earlier turn's, now and then a user message
 * between them: the import keeps a turn's results for its step until a message that is not one.
 */
const turn = fc
  .tuple(
    content,
    fc.array(fc.record({ id: ids, args: argumentText }), { minLength: 1, maxLength: 3 }),
    fc.array(fc.oneof(fc.nat(3), fc.constant(-1)), { maxLength: 5 }),
    content,
  )
  .map(([c, calls, answers, said]) => [
    withContent(
      {
        role: 'assistant',
        tool_calls: calls.map(({ id, args }) => ({
          id,
          type: 'function',
          function: { name: 'ls', arguments: args },
        })),
      },
      c,
    ),
    ...answers.map((k) =>
      k === -1
        ? withContent({ role: 'user' }, said)
        : withContent({ role: 'tool', tool_call_id: calls[k]?.id ?? 'call_1' }, said),
    ),
  ]);

function outcome(run: () => unknown): unknown {
  try {
    const out = run();
    // Keys in order too (exports and golden files keep them).
    return { out, text: JSON.stringify(out) };
  } catch (error) {
    return error instanceof NotThisFormat ? 'NotThisFormat' : { thrown: String(error) };
  }
}

function same(list: unknown[], records: unknown[] | undefined, check: boolean) {
  const run = (f: typeof importOpenAIMessages) => () =>
    f(list as Parameters<typeof importOpenAIMessages>[0], SOURCE, records, check);
  expect(outcome(run(importOpenAIMessages))).toEqual(outcome(run(importOpenAIMessagesReference)));
}

describe('the OpenAI chat import against its previous code', () => {
  it('parses tool arguments exactly as before', () => {
    fc.assert(
      fc.property(argumentText, (raw) => {
        expect(JSON.stringify(parseArguments(raw))).toBe(
          JSON.stringify(parseArgumentsReference(raw)),
        );
        expect(parseArguments(raw)).toEqual(parseArgumentsReference(raw));
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it('builds the same steps from the real OpenAI fixtures', () => {
    for (const name of [
      'derived__tau-bench_gpt-4o-airline_task3_messages.json',
      'tau-bench__tool-calling-grok-3.json',
    ]) {
      const text = readFileSync(
        new URL(`./fixtures/real/openai-chat/${name}`, import.meta.url),
        'utf8',
      );
      const value: unknown = JSON.parse(text);
      const list = (Array.isArray(value) ? value : []) as unknown[];
      expect(list.length).toBeGreaterThan(0);
      same(list, list, true);
      same(list, undefined, false);
    }
  });

  it('builds the same steps, warnings and verdicts from random lists', () => {
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 24 }),
        fc.boolean(),
        (list, jsonl) => {
          // A JSONL file's records carry their lines into the steps' sources.
          const records = jsonl
            ? (parseSource(list.map((m) => JSON.stringify(m)).join('\n'), 'x.jsonl')
                .value as unknown[])
            : list;
          same(records, records, true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('builds the same steps from turns of calls and their results', () => {
    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 8 }), (turns) => {
        const list = turns.flat();
        same(list, list, true);
        same(list, undefined, false);
      }),
      { numRuns: RUNS },
    );
  });
});
