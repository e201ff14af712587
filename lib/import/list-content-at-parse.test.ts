/**
 * Whether one record of a parsed list has a list as its `content`, as the parse's walk notes it
 * (`parseJsonText`'s `listContent`, issue 26: detection no longer reads every record's `content`
 * of a 52 MB file again for it), answers every detector's question as detection's own pass does;
 * and the walk still finds what it found before: the same value, the same place too deep.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRecord, mayHaveKeys, mayHaveListContent, withRecordKeys } from './guards';
import { MAX_DEPTH, tooDeep } from './json-depth';
import { parseJsonExact, parseJsonText } from './json-text';
import { parseSource } from './read';

const KEYS = ['type', 'role', 'content', 'sessionId', 'constructor', '__proto__'];
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
// Values as JSON text, so big integers and deep nests are written as a file writes them.
const leaf = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('9007199254740993', '-12345678901234567890', '1e400', '[]', '{}'),
  fc.integer({ min: MAX_DEPTH - 4, max: MAX_DEPTH + 2 }).map(nested),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }).map((xs) => JSON.stringify(xs)),
);
const record = fc
  .dictionary(fc.constantFrom(...KEYS), leaf, { maxKeys: 4 })
  .map((r) => `{${Object.entries(r).map(([k, v]) => `${JSON.stringify(k)}:${v}`)}}`);
const listText = fc
  .array(fc.oneof(record, record, leaf), { maxLength: 6 })
  .map((xs) => `[${xs.join(',')}]`);

/** Every question the detectors ask, answered inside a detection run. */
function answers(list: unknown[], listContent?: boolean) {
  return withRecordKeys(
    list,
    () => [...KEYS.map((k) => mayHaveKeys(list, k)), mayHaveListContent(list)],
    listContent,
  );
}

describe('list content noted by the parse', () => {
  it('is what the records hold, answers detection the same, and the walk finds what it found (property)', () => {
    fc.assert(
      fc.property(listText, (text) => {
        const parsed = parseJsonText(text);
        const value = JSON.parse(text) as unknown[];
        const deep = tooDeep(value);
        expect(parsed.deepAt).toBe(deep);
        if (deep === undefined) expect(parsed.value).toEqual(parseJsonExact(text));
        if (parsed.listContent === undefined) return;
        const list = parsed.value as unknown[];
        expect(parsed.listContent).toBe(list.some((r) => isRecord(r) && Array.isArray(r.content)));
        expect(answers(list, parsed.listContent)).toEqual(answers(list));
      }),
      { numRuns: 3000 },
    );
  });

  it('comes with real message lists read as files', () => {
    for (const [file, blocks] of [
      ['openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json', false],
      ['cline/e73ea764-4971-4adb-9197-52c2f8ede8ef/api_conversation_history.json', true],
    ] as const) {
      const text = readFileSync(
        new URL(`../../test/fixtures/real/${file}`, import.meta.url),
        'utf8',
      );
      const source = parseSource(text, file);
      expect(source.listContent).toBe(blocks);
      const list = source.value as unknown[];
      expect(answers(list, source.listContent)).toEqual(answers(list));
    }
  });
});
