// @vitest-environment happy-dom
/**
 * The workspace's views select their own state: each shows what the store holds (the run, the
 * selected step, the view, the strategies) and changes only the store, and each asks the worker
 * (here the real dispatcher, in this thread) for what the page does not hold.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../contexts/app-providers';
import { fixtureText, sampleText } from '../../test/samples';
import { testRuntime } from '../../test/test-runtime';
import { Workspace } from './workspace';

afterEach(cleanup);

const tau = sampleText('tau-bench-airline-task3.json');
// The real tau-bench results file: 115 runs.
const runs = fixtureText('real/openai-chat/tau-bench__tool-calling-grok-3.json');

/** The workspace over a file the loader opened, counted (chars/4, to be quick). */
async function openWorkspace(name: string, text: string) {
  const runtime = testRuntime();
  runtime.store.getState().actions.setTokenizer('heuristic');
  render(
    <AppProviders runtime={runtime}>
      <Workspace />
    </AppProviders>,
  );
  act(() => runtime.loader.loadText(name, text));
  await waitFor(() => expect(runtime.store.getState().counts?.exact).toBe(true), {
    timeout: 15_000,
  });
  return runtime;
}

const timelineHeader = () =>
  within(screen.getByRole('region', { name: 'Timeline' })).getByText(/^Timeline · /);

describe('the workspace', () => {
  it('shows the run the store holds, and the step it selects', async () => {
    const runtime = await openWorkspace('tau.json', tau);
    expect(timelineHeader().textContent).toBe('Timeline · 42 steps');
    const { actions, run } = runtime.store.getState();
    const steps = run?.history.steps ?? [];
    act(() => actions.selectStep(steps[2]?.id));
    const inspector = screen.getByRole('region', { name: 'Step inspector' });
    expect(within(inspector).getByRole('heading', { name: 'Step 2' })).toBeTruthy();
    // A click selects through the store (the run's largest step, under its totals).
    const totals = screen.getByRole('region', { name: 'Run totals' });
    const largest = within(totals).getAllByRole('button', { name: /^#\d+ / })[0];
    fireEvent.click(largest as HTMLElement);
    const number = Number(/^#(\d+)/.exec(largest?.textContent ?? '')?.[1]);
    const picked = steps.find((s) => s.stepNumber === number);
    expect(runtime.store.getState().selectedStepId).toBe(picked?.id);
    expect(
      within(inspector).getByRole('heading', { name: `Step ${picked?.stepNumber}` }),
    ).toBeTruthy();
  });

  it('shows another run once the worker sends it, and the run picker follows', async () => {
    const runtime = await openWorkspace('runs.json', runs);
    const second = runtime.store.getState().loaded?.runs[1];
    act(() => runtime.store.getState().actions.selectHistory(1));
    await waitFor(() =>
      expect(timelineHeader().textContent).toBe(`Timeline · ${second?.steps} steps`),
    );
    expect(screen.getByLabelText('Run', { exact: true })).toBeTruthy();
  });

  it('switches views through the store; the compare view asks the worker for its comparison', async () => {
    const runtime = await openWorkspace('tau.json', tau);
    const { actions, dialect } = runtime.store.getState();
    // The strategies' indexes are asked for once a view that applies strategies opens, not before.
    const prepare = vi.spyOn(runtime.client, 'prepare');
    fireEvent.click(screen.getByRole('tab', { name: 'Table' }));
    expect(prepare).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Compare strategies' }));
    expect(runtime.store.getState().view).toBe('compare');
    expect(prepare.mock.calls).toEqual([[{ tokenizer: 'heuristic', dialect }]]);
    act(() => actions.setChoices([{ strategyId: 'keep-last-n-steps', params: { n: 3 } }]));
    const summary = await screen.findByRole(
      'table',
      { name: 'Strategy summary' },
      { timeout: 5000 },
    );
    expect(within(summary).getByText(/Keep last N steps/)).toBeTruthy();
    const asked = vi.spyOn(runtime.client, 'ask');
    // The same comparison again is answered from the cache: the worker is not asked twice.
    act(() => actions.setView('timeline'));
    act(() => actions.setView('compare'));
    expect(await screen.findByRole('table', { name: 'Strategy summary' })).toBeTruthy();
    expect(asked).not.toHaveBeenCalled();
  });
});
