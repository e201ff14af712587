// @vitest-environment happy-dom
/**
 * The plan view's "expand at call" (seed 003 `expand_step` at a chosen call): only a summarized plan
 * step takes one, only a call whose context holds the step counts, and the replay it asks for passes
 * it to summarize-plan-steps' `expand`, so the context grows back from that call. Its counts and
 * percentages read as words on the bundled tau-bench run.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, history, system, task } from '../../test/build';
import { compareStrategies, type Comparison } from '../../lib/compare/compare';
import type { StrategyChoice } from '../../lib/compare/config';
import type { History } from '../../lib/model/types';
import { createStrategyContext } from '../../lib/strategies/context';
import type { CompareTarget } from '../../lib/worker/protocol';
import { renderWithRun } from '../../test/app-harness';
import { sampleRun } from '../../test/samples';
import { showRun, testRuntime } from '../../test/test-runtime';
import { PlanView } from './plan-view';

afterEach(cleanup);

const body = 'tool output '.repeat(50);
// Split at tasks: plan steps 1 (calls 1-3), 2 (call 4) and 3 (calls 5-8, active). Plan step 1 has
// three tool results, so its extractive summary (seed 003 max_turns=3) drops one.
const run: History = {
  id: 'h',
  steps: history(
    system('s'),
    task('Read the module'),
    act('a', [{ name: 'read', arguments: {}, result: body }]),
    act('b', [{ name: 'read', arguments: {}, result: body }]),
    act('b2', [{ name: 'read', arguments: {}, result: body }]),
    task('Change it'),
    act('c', [{ name: 'edit', arguments: {}, result: body }]),
    task('Test it'),
    ...['d', 'e', 'f', 'g'].map((t) => act(t, [{ name: 'pytest', arguments: {}, result: 'ok' }])),
  ),
};
function setup(shown: History = run, tokens = shown.steps.map(() => 10)) {
  const ctx = createStrategyContext();
  const requestCompare = vi.fn(
    (_t: CompareTarget, choices: readonly StrategyChoice[]): Promise<Comparison> =>
      Promise.resolve(compareStrategies(shown, choices, ctx)),
  );
  // The view asks the worker; this worker answers comparisons with the strategies run here.
  const runtime = testRuntime(async (request) =>
    request.type === 'compare'
      ? { type: 'compared', comparison: await requestCompare(request.target, request.choices) }
      : undefined,
  );
  showRun(runtime, shown, { tokens });
  renderWithRun(runtime, <PlanView />);
  return requestCompare;
}

const lastParams = (fn: ReturnType<typeof setup>) => fn.mock.calls.at(-1)?.[1][0]?.params;

describe('the plan view: expand at call', () => {
  it('replays a summarized plan step expanded at a call, and drops it with the summary', async () => {
    const requestCompare = setup();
    const item = screen.getByRole('listitem', { name: /^Plan step 1\.1\. / });
    const input = within(item).getByLabelText(/^Expand 1\.1\. .* at call$/);
    // A plan step shown in full has nothing to expand.
    expect(input).toHaveProperty('disabled', true);
    fireEvent.click(within(item).getByRole('button', { name: 'summary' }));
    expect(input).toHaveProperty('disabled', false);
    // Plan step 1 starts with the task before call 1, so calls 1 to 8 are valid; 9 is past the run.
    expect(input.getAttribute('min')).toBe('1');
    fireEvent.change(input, { target: { value: '9' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '6' } });
    expect(input.getAttribute('aria-invalid')).toBe('false');
    await waitFor(() =>
      expect(lastParams(requestCompare)).toEqual({
        mode: 'manual',
        overrides: { '1': 'summary' },
        expand: [{ step: '1', atCall: 6 }],
      }),
    );
    expect(item.textContent).toContain('Expanded at call 6: the replay shows it in full');
    // The replay really grows back from call 6: the comparison the view asked for says so.
    const cmp = await (requestCompare.mock.results.at(-1)?.value as Promise<Comparison>);
    const replayed = cmp.columns[0]?.replay?.calls.map((c) => c.contextTokens) ?? [];
    const summarized = compareStrategies(
      run,
      [
        {
          strategyId: 'summarize-plan-steps',
          params: { mode: 'manual', overrides: { '1': 'summary' } },
        },
      ],
      createStrategyContext(),
    ).columns[0]?.replay?.calls.map((c) => c.contextTokens);
    expect(replayed).toHaveLength(8);
    expect(replayed.slice(0, 5)).toEqual(summarized?.slice(0, 5));
    expect(replayed[5]).toBeGreaterThan(summarized?.[5] ?? Infinity);
    // Back to FULL: the expand goes with the summary.
    fireEvent.click(within(item).getByRole('button', { name: 'full' }));
    await waitFor(() =>
      expect(lastParams(requestCompare)).toEqual({ mode: 'manual', overrides: {}, expand: [] }),
    );
    // The active plan step takes no expand.
    const active = screen.getByRole('listitem', { name: /^Plan step 1\.3\. / });
    expect(within(active).queryByLabelText(/at call$/)).toBeNull();
  });

  it('refuses a call before the plan step is in the context', () => {
    setup();
    const item = screen.getByRole('listitem', { name: /^Plan step 1\.2\. / });
    fireEvent.click(within(item).getByRole('button', { name: 'summary' }));
    const input = within(item).getByLabelText(/at call$/);
    // Plan step 2 starts with the task before call 4.
    expect(input.getAttribute('min')).toBe('4');
    fireEvent.change(input, { target: { value: '3' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the plan view in words', () => {
  it('counts in the right number and gives a percentage the precision its size needs', async () => {
    // The bundled tau-bench run: 11 plan steps split at user tasks, the last one a single step.
    const tau = sampleRun('tau-bench-airline-task3.json');
    setup(
      tau,
      tau.steps.map(() => 1),
    );
    const last = screen.getByRole('listitem', { name: /^Plan step 1\.11\. / });
    expect(last.textContent).toContain('1 step · 1 token');
    expect(last.textContent).toContain('1 turn');
    const first = screen.getByRole('listitem', { name: /^Plan step 1\.1\. / });
    expect(first.textContent).toContain('2 steps · 2 tokens');
    const list = screen.getByRole('list', { name: 'Plan step list' });
    expect(list.textContent).not.toMatch(/\b1 (steps|turns|tokens)\b/);
    // The peak is 6% of the assumed 128k window: a whole percent, not "5.96%" nor "0.06".
    await waitFor(() => expect(screen.getByText(/^Peak context pressure/)).toBeTruthy());
    expect(screen.getByText(/^Peak context pressure/).textContent).toMatch(
      /^Peak context pressure [1-9]\d?% with every step in full;/,
    );
  });
});
