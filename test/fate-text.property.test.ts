/**
 * `textChanged` (lib/strategies/fate-text.ts) decides whether a variant's text differs from its
 * step's without rendering them: wherever it decides, it agrees with rendering both and comparing,
 * on generated steps and real runs, for variants that omit parts (what observation masking,
 * smolagents' summary mode and partial windows build) and variants that replace calls' results,
 * error flags or arguments (what clear_tool_uses builds); and the fates strategies return read
 * the same texts as before (`changedFate`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { omitParts, partsOf, stepText } from '../lib/model/steps';
import type { JsonValue, Step, ToolCall } from '../lib/model/types';
import { textChanged } from '../lib/strategies/fate-text';
import { changedFate } from '../lib/strategies/result';
import { stepsArb } from './arbitraries';
import { sampleRun } from './samples';

const RUNS = Number(process.env.FC_RUNS ?? 300);

const rendered = (a: Step, b: Step) => stepText(a) !== stepText(b);

/** The steps' own variants: parts omitted (a random subset), then calls replaced. */
const variantArb = (step: Step) =>
  fc.record({
    omit: fc.subarray([...partsOf(step), 'follow-up', 'result:nope']),
    replace: fc.array(
      fc.record({
        at: fc.nat(),
        result: fc.option(fc.constantFrom('', 'x', '[cleared]', 'line one\nline two'), {
          nil: undefined,
        }),
        isError: fc.option(fc.boolean(), { nil: undefined }),
        args: fc.option(fc.constantFrom<JsonValue>({}, 'raw', { q: 'x' }), { nil: undefined }),
      }),
      { maxLength: 3 },
    ),
    both: fc.boolean(),
  });

type VariantDraft = ReturnType<typeof variantArb> extends fc.Arbitrary<infer T> ? T : never;

function variantOf(step: Step, v: VariantDraft): Step {
  let out: Step = v.both || v.replace.length === 0 ? omitParts(step, v.omit) : step;
  if (out.kind === 'action' && out.toolCalls.length > 0 && v.replace.length > 0) {
    const calls = [...out.toolCalls];
    for (const r of v.replace) {
      const i = r.at % calls.length;
      const c = calls[i] as ToolCall;
      const next: ToolCall = { ...c };
      if (r.result !== undefined) Object.assign(next, { result: r.result });
      if (r.isError !== undefined) Object.assign(next, { isError: r.isError });
      if (r.args !== undefined) Object.assign(next, { arguments: r.args });
      calls[i] = next;
    }
    out = { ...out, toolCalls: calls };
  }
  return out;
}

describe('textChanged agrees with rendering both texts', () => {
  it('on generated steps and variants', () => {
    fc.assert(
      fc.property(
        stepsArb(8).chain((steps) =>
          fc.tuple(...steps.map((s) => fc.tuple(fc.constant(s), variantArb(s)))),
        ),
        (pairs) => {
          for (const [step, v] of pairs) {
            // A variant of a variant too: what was omitted before stays omitted.
            const out = variantOf(step, v);
            for (const [a, b] of [
              [step, out],
              [omitParts(step, v.omit.slice(0, 1)), out],
            ] as const) {
              const decided = textChanged(a, b);
              if (decided !== undefined) expect(decided).toBe(rendered(a, b));
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('on real runs: every part omitted alone, every result cleared', () => {
    let decided = 0;
    for (const file of [
      'tau-bench-airline-task3.json',
      'mini-swe-agent-django__django-12143.traj.json',
      'swe-agent-marshmallow-1867.traj',
      'smolagents-gaia-gpt-4o.jsonl',
    ])
      for (const step of sampleRun(file).steps) {
        const variants: Step[] = partsOf(step).map((p) => omitParts(step, [p]));
        if (step.kind === 'action')
          variants.push({
            ...step,
            toolCalls: step.toolCalls.map((c) =>
              c.result === undefined ? c : { ...c, result: '[cleared]' },
            ),
          });
        for (const out of variants) {
          const d = textChanged(step, out);
          if (d !== undefined) decided++;
          if (d !== undefined) expect(d).toBe(rendered(step, out));
          // The fate reads the texts rendering gives.
          const fate = changedFate(step, out);
          if (rendered(step, out))
            expect(fate).toEqual({
              kind: 'truncated',
              before: stepText(step),
              after: stepText(out),
            });
          else expect(fate).toEqual({ kind: 'kept' });
        }
      }
    expect(decided).toBeGreaterThan(100);
  });
});
