/**
 * summarize-plan-steps' `expand`: seed 003's `expand_step(step_id)` simulated at a chosen model call.
 * Before that call the context is the run without it; from that call on the plan step's turns are
 * back in full, so the context grows back.
 */
import { describe, expect, it } from 'vitest';
import { act, history, system, task } from '../../test/build';
import { importText } from '../import';
import { isModelCall } from '../model/steps';
import type { Step } from '../model/types';
import { DEFAULT_RUN } from '../simulate/run-config';
import { simulate } from '../simulate/simulate';
import { createStrategyContext } from './context';
import { getStrategy, parseParams } from './index';
import { ToolValidationError } from './task-history';

const ctx = createStrategyContext();
const s = getStrategy('summarize-plan-steps');
const body = 'observation text '.repeat(40);

/** `n` model calls of one plan step, each with a tool result. */
const work = (planStepId: string, n: number, result: string) =>
  Array.from({ length: n }, (_, i) => ({
    ...act(`${planStepId} turn ${i}`, [{ name: 'run', arguments: {}, result }]),
    planStepId,
  }));

// Three plan steps with explicit ids: p1 (calls 2-3) and p2 (call 4) are done, p3 is active.
const steps: Step[] = history(
  system('s'),
  task('Refactor the auth module'),
  {
    kind: 'planning',
    plan: 'Read, change, test',
    planItems: ['Read', 'Change', 'Test'].map((title, i) =>
      i < 2 ? { id: `p${i + 1}`, title, status: 'done' as const } : { id: `p${i + 1}`, title },
    ),
  },
  ...work('p1', 2, body),
  ...work('p2', 1, body),
  ...work('p3', 6, 'ok'),
);
const callCount = steps.filter(isModelCall).length;

function run(params: unknown, h: readonly Step[] = steps) {
  return simulate({ steps: h }, s, parseParams(s, params), ctx, DEFAULT_RUN, {
    keepContextsAt: new Set(h.map((_, i) => i)),
  });
}

describe('summarize-plan-steps expand (seed 003 expand_step at a call)', () => {
  it('leaves the context before atCall as without it and brings the plan step back from atCall on', () => {
    const base = run({ mode: 'all-completed', compactTo: 'title' });
    const atCall = 7;
    const expanded = run({
      mode: 'all-completed',
      compactTo: 'title',
      expand: [{ step: 'p1', atCall }],
    });
    expect(expanded.calls).toHaveLength(callCount);
    const p1 = steps.filter((x) => x.planStepId === 'p1').map((x) => x.id);
    expanded.calls.forEach((c, i) => {
      const before = base.calls[i]?.contextTokens as number;
      const ids = (expanded.contexts.get(c.stepIndex) ?? []).map((x) => x.id);
      if (i + 1 < atCall) {
        expect(c.contextTokens).toBe(before);
        expect(expanded.contexts.get(c.stepIndex)).toEqual(base.contexts.get(c.stepIndex));
      } else {
        // The plan step's full turns are back: the context grows by them (less its title).
        expect(ids).toEqual(expect.arrayContaining(p1));
        expect(c.contextTokens).toBeGreaterThan(before);
      }
    });
    // Before atCall, p1 was compacted to its title in the base run (it completed at call 4).
    const beforeAt = expanded.calls[atCall - 2]?.stepIndex as number;
    expect(expanded.contexts.get(beforeAt)?.some((x) => p1.includes(x.id))).toBe(false);
    // The final result keeps p1 whole and says why; p2 stays compacted.
    expect(expanded.final.fates.filter((f) => f.kind === 'summarized')).toHaveLength(1);
    expect(expanded.final.notes).toContain(`expand_step(p1) since call ${atCall}: in full`);
    expect(expanded.totalInputTokens).toBeGreaterThan(base.totalInputTokens);
  });

  it('wins over a SUMMARY override (the plan view toggle) from atCall on, as expand_step resets it', () => {
    const toggled = run({ mode: 'manual', overrides: { p2: 'summary' } });
    const expanded = run({
      mode: 'manual',
      overrides: { p2: 'summary' },
      expand: [{ step: 'p2', atCall: 9 }],
    });
    const none = run({ mode: 'manual' });
    expanded.calls.forEach((c, i) => {
      expect(c.contextTokens).toBe((i + 1 < 9 ? toggled : none).calls[i]?.contextTokens as number);
    });
  });

  it('defaults to no expand calls: the fast replay and every result are as before', () => {
    const p = parseParams(s, {}) as { expand: unknown[] };
    expect(p.expand).toEqual([]);
    const callIdx = steps.map((x, i) => (isModelCall(x) ? i : -1)).filter((i) => i >= 0);
    expect(s.replayTokens?.({ steps }, callIdx, p, ctx)).toBeDefined();
    // A call never reached is a note, and changes nothing.
    const base = run({ mode: 'all-completed' });
    const late = run({ mode: 'all-completed', expand: [{ step: 'p1', atCall: 99 }] });
    expect(late.calls).toEqual(base.calls);
    expect(late.final.notes).toContain(
      `expand_step(p1) at call 99 not reached (this is call ${callCount + 1})`,
    );
  });

  it('refuses unknown keys, naming the expected ones, and calls before the first', () => {
    expect(() => parseParams(s, { expand: [{ step: 'p1', atCall: 3, reason: 'x' }] })).toThrow(
      'Invalid parameters for summarize-plan-steps: expand.0: unknown key "reason" (expected: step, atCall)',
    );
    expect(() => parseParams(s, { expand: [{ step: 'p1', atcall: 3 }] })).toThrow(
      'unknown key "atcall" (expected: step, atCall)',
    );
    expect(() => parseParams(s, { expand: [{ step: 'p1', atCall: 0 }] })).toThrow(
      'expand.0.atCall',
    );
    expect(() => parseParams(s, { expnd: [] })).toThrow('unknown key "expnd"');
  });

  it('an unknown plan step is the seed\'s "Step … not found." with the known ids, once its call is reached', () => {
    const apply = (expand: unknown) => s.apply({ steps }, parseParams(s, { expand }), ctx);
    expect(() => apply([{ step: 'p9', atCall: 2 }])).toThrow(ToolValidationError);
    expect(() => apply([{ step: 'p9', atCall: 2 }])).toThrow(
      `expand: Step p9 not found. (seed 003 expand_step(p9) at call 2, before call ${callCount + 1}; known plan-step ids: p1, p2, p3)`,
    );
    // The rendered heading number (### 1.2.) is not the id; the error says which id it is.
    expect(() => apply([{ step: '1.2', atCall: 2 }])).toThrow('heading 1.2 is plan step "p2"');
    // In a replay, a plan step that has not started by atCall is not found either.
    expect(() => run({ expand: [{ step: 'p3', atCall: 3 }] })).toThrow(
      'expand: Step p3 not found. (seed 003 expand_step(p3) at call 3, before call 3; known plan-step ids: p1)',
    );
  });

  it("takes seed 003's integer step_id on a file in the seed's TaskHistory format", () => {
    const turns = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        turn_id: from + i,
        role: i % 2 === 0 ? 'assistant' : 'tool',
        content: i % 2 === 0 ? `step ${from + i}` : body,
        tool_name: i % 2 === 0 ? null : 'read_file',
      }));
    const file = {
      objective: 'Refactor auth module',
      active_step_id: 3,
      steps: [
        { step_id: 1, step_title: 'Read', turns: turns(4, 0), visibility: 'full' },
        { step_id: 2, step_title: 'Change', turns: turns(4, 10), visibility: 'full' },
        { step_id: 3, step_title: 'Test', turns: turns(8, 20), visibility: 'full' },
      ],
    };
    const imported = importText(JSON.stringify(file), 'task-history.json');
    expect(imported.format).toBe('seed-task-history');
    const h = imported.file.histories[0]?.steps as Step[];
    // Titles: the seed's extractive summary keeps tool turns whole, so it saves little here.
    const base = run({ mode: 'all-completed', compactTo: 'title' }, h);
    const expanded = run(
      { mode: 'all-completed', compactTo: 'title', expand: [{ step: 1, atCall: 8 }] },
      h,
    );
    expect(expanded.calls).toHaveLength(9);
    const grew = expanded.calls.map(
      (c, i) => c.contextTokens - (base.calls[i]?.contextTokens as number),
    );
    expect(grew.slice(0, 7).every((d) => d === 0)).toBe(true);
    expect(grew.slice(7).every((d) => d > 0)).toBe(true);
  });
});
