/**
 * The OpenAI importer's detection samples a long message list and its import checks every message
 * (issue 26). A list whose sampled messages are OpenAI messages but another is not must import as
 * it did when detection checked them all: with the first other importer that takes it, or refused
 * with the same words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORTERS, importValue } from './index';
import { isOpenAIMessages } from './openai-messages';
import { whyNot } from './refusal';

const MESSAGES = JSON.parse(
  readFileSync(
    new URL(
      '../../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
      import.meta.url,
    ),
    'utf8',
  ),
) as Record<string, unknown>[];

/** What importing `list` gave when every importer's detection looked at the whole list. */
function expected(list: unknown[], name: string): { format: string } | { error: string } {
  // The importers before the OpenAI one did not take the list (it was detected as OpenAI's).
  const importer = IMPORTERS.find((i) => i.id !== 'openai-messages' && i.detect(list));
  return importer ? { format: importer.id } : { error: `${name}: ${whyNot(list, IMPORTERS)}` };
}

function outcome(list: unknown[], name: string): { format: string } | { error: string } {
  try {
    return { format: importValue(list, name).format };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

describe('a long OpenAI message list, sampled by detection', () => {
  it('imports the real list whole, as OpenAI messages', () => {
    expect(MESSAGES.length).toBeGreaterThanOrEqual(32);
    expect(importValue(MESSAGES, 'm.json').format).toBe('openai-messages');
  });

  it('with one message that is not an OpenAI message: as when every message was checked', () => {
    const breaks: [string, (m: Record<string, unknown>) => Record<string, unknown>][] = [
      ['a role the API does not have', (m) => ({ ...m, role: 'narrator' })],
      ['content that is a number', (m) => ({ ...m, content: 7 })],
      ['a tool call without a function', (m) => ({ ...m, tool_calls: [{ id: 'c' }] })],
      ['not a record', () => 'hello' as unknown as Record<string, unknown>],
    ];
    let others = 0;
    for (const [what, change] of breaks)
      for (const at of [1, 5, 20, 40, 60]) {
        const list: unknown[] = MESSAGES.map((m, i) => (i === at ? change(m) : m));
        expect(isOpenAIMessages(list)).toBe(false);
        const want = expected(list, 'm.json');
        if ('format' in want) others++;
        expect([what, at, outcome(list, 'm.json')]).toEqual([what, at, want]);
      }
    // Both ways out are exercised: another importer takes some, others are refused.
    expect(others).toBeGreaterThan(0);
    expect(others).toBeLessThan(20);
  });
});
