/**
 * The totals' "Tool calls" card and its errors, the table's tool and error filters and the rows say
 * the same on every real fixture: a call counted is a call a row names, an error counted is a row
 * marked red (lib/README.md, "What a tool call and an error are").
 */
import { describe, expect, it } from 'vitest';
import { prepareTotals } from '../lib/charts/prepare';
import { formatCall, headlineOf, headlineText } from '../lib/model/headline';
import { queryStepIndices, toolNamesIn } from '../lib/model/query';
import { hasError } from '../lib/model/steps';
import { textCommandOf } from '../lib/model/text-commands';
import type { History } from '../lib/model/types';
import { CASES, importFixture } from './cases';

/** A run and its sub-agents, each as the app shows it on its own. */
function runsOf(history: History): History[] {
  return [history, ...(history.children ?? []).flatMap((c) => runsOf(c.history))];
}

function totalsOf(run: History) {
  return prepareTotals(
    run.steps,
    run.steps.map(() => 0),
  );
}

describe('the card, the filters and the rows agree', () => {
  it.each(CASES)('%s', (path) => {
    for (const run of importFixture(path).histories.flatMap(runsOf)) {
      const totals = totalsOf(run);
      const rows = run.steps.map(headlineOf);
      // The card counts what the rows name and mark.
      expect(totals.toolCalls).toBe(rows.reduce((n, h) => n + h.calls.length, 0));
      expect(totals.errors).toBe(rows.filter((h) => h.error !== undefined).length);
      run.steps.forEach((step, i) => {
        const row = rows[i];
        const text = headlineText(row ?? headlineOf(step));
        // Every call the file records is named on its row, with the commands read from the text.
        const recorded = step.kind === 'action' ? step.toolCalls : [];
        expect(row?.calls.length).toBe(recorded.length + (textCommandOf(step) ? 1 : 0));
        for (const call of row?.calls ?? []) expect(text).toContain(formatCall(call));
        // A step that records an error is a row marked as one.
        if (hasError(step)) expect(row?.error, step.id).toBeDefined();
      });
      // The table's filters find what the card counts.
      expect(queryStepIndices(run.steps, { withError: true })).toHaveLength(totals.errors);
      for (const tool of toolNamesIn(run.steps)) {
        const named = rows.filter((h) => h.calls.some((c) => c.name === tool)).length;
        expect(queryStepIndices(run.steps, { tool })).toHaveLength(named);
      }
    }
  });

  it('counts the commands, calls and errors the issue found missing or contradicting', () => {
    const first = (path: string) => totalsOf(importFixture(path).histories[0] as History);
    // SWE-agent: 14 commands in its replies (was "Tool calls 0").
    expect(
      first(
        'real/swe-agent/replay__marshmallow-code__marshmallow-1867__default___install_from_source__marshmallow-code__marshmallow-1867.traj',
      ),
    ).toMatchObject({ toolCalls: 14, failedCalls: 0, errors: 0 });
    // smolagents: 2 code executions; 5 replies it could not parse are errors no call made.
    expect(first('real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl')).toMatchObject({
      toolCalls: 2,
      failedCalls: 0,
      errors: 5,
    });
    // Inspect: 11 tool outputs with errors whose calls the log trimmed: no call to name.
    expect(first('real/inspect-ai/log_tool_call_error.json')).toMatchObject({
      toolCalls: 0,
      errors: 11,
    });
    // mini-swe-agent: one bash call per model call (27, as its `api_calls`), the one that exited 1 an error.
    expect(
      first(
        'real/mini-swe-agent/swebench-bash-only__gemini-3-pro-preview__django__django-12143.traj.json',
      ),
    ).toMatchObject({ toolCalls: 27, failedCalls: 1, errors: 1 });
  });
});
