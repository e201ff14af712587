// @vitest-environment happy-dom
/**
 * The runs overview on the real dispatcher in this thread: a file of 115 runs opens on it, its rows
 * are the worker's (the chars/4 estimate marked ≈ until the exact counts are in), the outcome filter
 * and the search narrow them through the store, a run opens in the timeline and "← All runs" returns.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../contexts/app-providers';
import { fixtureText } from '../../test/samples';
import { testRuntime } from '../../test/test-runtime';
import { Workspace } from '../workspace/workspace';

afterEach(cleanup);

const runs = fixtureText('real/openai-chat/tau-bench__tool-calling-grok-3.json');

describe('the runs overview', () => {
  it('opens a file of 115 runs on its rows, narrows them, and opens a run', async () => {
    const runtime = testRuntime();
    runtime.store.getState().actions.setTokenizer('heuristic');
    render(
      <AppProviders runtime={runtime}>
        <Workspace />
      </AppProviders>,
    );
    act(() => runtime.loader.loadText('runs.json', runs));
    const table = await screen.findByRole('table', { name: 'Runs' }, { timeout: 15_000 });
    await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('116'));
    const overview = screen.getByRole('region', { name: 'Runs overview' });
    await waitFor(() => expect(overview.textContent).toContain('115 of 115 runs'));
    // The heuristic tokenizer is itself an estimate: its rows stay marked.
    expect(overview.textContent).toContain('≈ chars/4 estimate');
    act(() => runtime.store.getState().actions.setFleetOutcome('failed'));
    expect(overview.textContent).toContain('37 of 115 runs');
    fireEvent.change(within(overview).getByLabelText('Search runs'), {
      target: { value: 'task 8 ' },
    });
    expect(runtime.store.getState().fleet.search).toBe('task 8 ');
    await waitFor(() => expect(overview.textContent).toMatch(/\b1 of 115 runs/));
    // Rows are virtualized and happy-dom lays nothing out: the click is the e2e's (fleet.spec.ts).
    act(() => runtime.store.getState().actions.openRun(8));
    expect(runtime.store.getState().view).toBe('timeline');
    expect(runtime.store.getState().historyIndex).toBe(8);
    await screen.findByRole('region', { name: 'Timeline' }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: '← All runs' }));
    expect(runtime.store.getState().view).toBe('runs');
    expect(screen.getByRole('region', { name: 'Runs overview' }).textContent).toContain(
      '1 of 115 runs',
    );
  });
});
