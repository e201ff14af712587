/**
 * The OpenTelemetry importer's spans read straight from the file (`readSpans`, otel-spans.ts)
 * against what detection read before: `toSpans` of `spansOf`'s spans (or of AgentOps' when
 * `spansOf` finds none), on every real OpenTelemetry, Phoenix and AgentOps fixture. The OTLP path
 * on generated and altered exports is held equal in otlp-fast.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentopsSpans } from './otel-agentops';
import { readSpans, spansOf, toSpans } from './otel-spans';

import { parseSource } from './read';

const ROOT = new URL('../../test/fixtures/', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Detection's spans before the change. */
function before(value: unknown) {
  const found = spansOf(value);
  return found ? toSpans(found.list, found.prefix, found.pointers) : undefined;
}

describe('readSpans', () => {
  it('reads every real fixture as toSpans read spansOf', () => {
    let read = 0;
    for (const path of filesUnder(ROOT)) {
      if (!/\.(json|jsonl)$/.test(path) || statSync(path).size > 20_000_000) continue;
      let value: unknown;
      try {
        value = parseSource(readFileSync(path, 'utf8'), path).value;
      } catch {
        continue;
      }
      const spans = readSpans(value);
      expect(spans).toStrictEqual(before(value));
      if (spans) read++;
      // AgentOps exports are read after: readSpans takes none of them.
      if (agentopsSpans(value)) expect(spans).toBeUndefined();
    }
    expect(read).toBeGreaterThan(10);
  });
});
