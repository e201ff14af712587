import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSource, readSource, TEXT_AT_ONCE } from './read';

const FIXTURES = new URL('../../../shared/fixtures/', import.meta.url);
const CLAUDE = 'anthropic-claude-code/cc_small_5ed31c36.jsonl';

/** What `readSource` gives for these bytes read `slice` bytes at a time (JSON up to `atOnce` whole). */
const read = (bytes: Uint8Array, name: string, slice: number, atOnce: number) =>
  readSource(new Blob([bytes as Uint8Array<ArrayBuffer>]), name, () => {}, slice, atOnce);

describe('readSource in slices', () => {
  it('reads what parseSource reads from the whole text, wherever the slices cut characters and lines', async () => {
    // Multi-byte characters (2, 3 and 4 bytes in UTF-8) and line breaks, cut at every slice size.
    const text = fc.constantFrom('a', 'é', '€', '😀', '\n', '"', ' ', 'ß中');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(text, { maxLength: 12 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 64 }),
        fc.constantFrom('run.jsonl', 'run.json'),
        // JSON read as text in one go, or in slices (a file over TEXT_AT_ONCE).
        fc.constantFrom(0, TEXT_AT_ONCE),
        async (lines, slice, name, atOnce) => {
          const records = lines.map((l) => JSON.stringify({ role: 'user', content: l.join('') }));
          const source = name.endsWith('.jsonl') ? records.join('\n') : `[${records.join(',')}]`;
          const got = await read(new TextEncoder().encode(source), name, slice, atOnce);
          expect(got).toEqual(parseSource(source, name));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reports progress up to the whole file, once per slice', async () => {
    const bytes = readFileSync(new URL(CLAUDE, FIXTURES));
    const seen: number[] = [];
    const slice = 4096;
    const got = await readSource(new Blob([bytes]), CLAUDE, (f) => seen.push(f), slice);
    expect(got).toEqual(parseSource(bytes.toString('utf8'), CLAUDE));
    expect(seen).toHaveLength(Math.ceil(bytes.byteLength / slice));
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('reads a UTF-8 JSON file as text in one go up to TEXT_AT_ONCE, its progress whole at the end', async () => {
    const source = JSON.stringify([{ role: 'user', content: 'é€😀' }]);
    const seen: number[] = [];
    const got = await readSource(new Blob([source]), 'run.json', (f) => seen.push(f), 4);
    expect(got).toEqual(parseSource(source, 'run.json'));
    expect(seen).toEqual([1]);
  });
});
