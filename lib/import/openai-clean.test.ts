/**
 * The OpenAI import marks its steps clean by construction (`builtClean`, sanitize.ts: issue 26), so
 * the sanitize pass skips them. Held here against the pass itself: a copy of the step list (which
 * the pass has not seen) comes back from `sanitizeHistories` unchanged and without a warning
 * whenever the import marked its list, on the real message lists and on generated ones with
 * repeated, parallel and unanswered tool calls.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importValue } from './index';
import { sanitizeHistories } from './sanitize';
import type { Step } from '../model/types';
import type { ImportWarning } from './types';

const REAL = ['real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json'].map(
  (path) =>
    JSON.parse(readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url), 'utf8')),
);

/** The import's history, and what the whole sanitize pass makes of a fresh copy of its steps. */
function expectCleanAsMarked(list: unknown) {
  const imported = importValue(list, 'm.json');
  expect(imported.format).toBe('openai-messages');
  for (const h of imported.file.histories) {
    const warnings: ImportWarning[] = [];
    const steps = [...h.steps];
    const [again] = sanitizeHistories([{ ...h, steps }], warnings);
    // The pass changes nothing the import built, whether it marked the list or not.
    expect(again?.steps).toStrictEqual(h.steps);
    expect(warnings).toEqual([]);
  }
}

type Listed = {
  role: string;
  tool_calls?: { id: string }[];
  tool_call_id?: string;
  content?: unknown;
};

/**
 * Where each tool message's text went, as the import linked results before issue 26 (a map from
 * every call id to the calls of the last step that made it): per assistant message, its calls'
 * results; per unanswered tool message, its index.
 */
function referenceLinks(list: readonly Listed[]) {
  const callsOf = new Map<string, { id: string; result?: string }[]>();
  const byStep = new Map<number, { id: string; result?: string }[]>();
  const orphans: number[] = [];
  list.forEach((m, i) => {
    if (m.role === 'assistant') {
      const calls = (m.tool_calls ?? []).map(
        (c) => ({ id: c.id }) as { id: string; result?: string },
      );
      for (const c of calls) callsOf.set(c.id, calls);
      byStep.set(i, calls);
    } else if (m.role === 'tool') {
      const calls = m.tool_call_id === undefined ? undefined : callsOf.get(m.tool_call_id);
      const text = typeof m.content === 'string' ? m.content : '';
      if (!calls) return void orphans.push(i);
      const call =
        calls.find((c) => c.id === m.tool_call_id && c.result === undefined) ??
        calls.findLast((c) => c.id === m.tool_call_id);
      if (call) call.result = call.result === undefined ? text : `${call.result}\n${text}`;
    }
  });
  return {
    results: [...byStep].map(([i, calls]) => [`m${i}`, calls.map((c) => c.result)]),
    orphans: orphans.map((i) => `m${i}`),
  };
}

/** The same, read from the imported steps. */
function linked(steps: readonly Step[]) {
  const actions = steps.filter((s) => s.kind === 'action');
  return {
    results: actions
      .filter((s) => s.observation === undefined || s.toolCalls.length > 0)
      .map((s) => [s.id, s.toolCalls.map((c) => c.result)]),
    orphans: actions.filter((s) => s.observation !== undefined).map((s) => s.id),
  };
}

describe('the OpenAI import, clean by construction', () => {
  it('builds the real lists as the sanitize pass leaves them', () => {
    for (const list of REAL) expectCleanAsMarked(list);
  });

  it('builds generated lists as the sanitize pass leaves them, or is sanitized (property)', () => {
    const id = fc.constantFrom('c1', 'c2', 'c3');
    const call = fc.record({
      id,
      type: fc.constant('function'),
      function: fc.record({
        name: fc.constantFrom('ls', 'cat'),
        arguments: fc.oneof(fc.json(), fc.string()),
      }),
    });
    const message = fc.oneof(
      fc.record({ role: fc.constantFrom('system', 'user', 'developer'), content: fc.string() }),
      fc.record(
        {
          role: fc.constant('assistant'),
          content: fc.oneof(fc.string(), fc.constant(null)),
          tool_calls: fc.array(call, { maxLength: 3 }),
        },
        { requiredKeys: ['role'] },
      ),
      fc.record({ role: fc.constant('tool'), tool_call_id: id, content: fc.string() }),
    );
    let checked = 0;
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 40 }), (list) => {
        let imported;
        try {
          imported = importValue(list, 'm.json');
        } catch {
          return;
        }
        if (imported.format !== 'openai-messages') return;
        expect(linked(imported.file.histories[0]?.steps ?? [])).toEqual(referenceLinks(list));
        const repeated = list.some(
          (m) =>
            'tool_calls' in m &&
            m.tool_calls !== undefined &&
            new Set(m.tool_calls.map((c) => c.id)).size < m.tool_calls.length,
        );
        // Repeated ids in a step are renamed by the pass, as before; otherwise nothing changes.
        if (repeated)
          expect(imported.warnings.map((w) => w.message).join('\n')).toMatch(/share the id/);
        else {
          expectCleanAsMarked(list);
          checked++;
        }
      }),
      { numRuns: 500 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});
