// @vitest-environment happy-dom
/**
 * The fleet comparison on the real dispatcher in this thread: a folder of ten real mini-swe-agent
 * trajectories with their results file opens on the runs overview; three presets compared over
 * the fleet fill the totals in and finish, the results file splits them by outcome, a run opens
 * its own comparison on the same strategies, and coming back shows the same answer from the query
 * cache (no second request to the worker).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { readdirSync } from 'node:fs';
import { File as NodeFile } from 'node:buffer';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS } from '../../lib/compare/presets';
import { fixtureText } from '../../test/samples';
import { testRuntime } from '../../test/test-runtime';
import { AppProviders } from '../contexts/app-providers';
import { Workspace } from '../workspace/workspace';

afterEach(cleanup);

const DIR = 'fleet/20251118_mini-v1.15.0_gemini-3-pro-preview';
const IDS = readdirSync(join(process.cwd(), 'test/fixtures', DIR, 'trajs'))
  .sort()
  .slice(0, 10);
const picked = [...IDS.map((id) => `trajs/${id}/${id}.traj.json`), 'results_summary.json'].map(
  (path) => ({
    path: `gemini/${path}`,
    // Node's File: happy-dom's loses its size through structuredClone, as the worker port copies it.
    file: new NodeFile(
      [fixtureText(`${DIR}/${path}`)],
      path.split('/').at(-1) as string,
    ) as unknown as File,
  }),
);
const THREE = ['strands-default', 'anthropic-clear-tool-uses', 'tinyagent-last-5'];

describe('the fleet comparison', () => {
  it('compares three presets over every run, splits by outcome, and opens a run on them', async () => {
    const runtime = testRuntime();
    const asked: string[] = [];
    const ask = runtime.client.ask;
    // Counts what the page asks of the worker, to see Back is answered from the cache.
    Object.assign(runtime.client, {
      ask: ((request, options) => {
        asked.push(request.type);
        return ask(request, options);
      }) as typeof ask,
    });
    render(
      <AppProviders runtime={runtime}>
        <Workspace />
      </AppProviders>,
    );
    act(() => runtime.loader.loadFiles(picked));
    await screen.findByRole('table', { name: 'Runs' }, { timeout: 30_000 });
    await waitFor(() => expect(runtime.store.getState().counts?.exact).toBe(true), {
      timeout: 60_000,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Compare strategies over the fleet' }));
    expect(runtime.store.getState().fleet.panel).toBe('compare');
    fireEvent.click(screen.getByRole('button', { name: 'Three framework defaults' }));
    expect(runtime.store.getState().choices).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Compare over 10 runs' }));
    await screen.findByText('Compared all 10 runs.', undefined, { timeout: 60_000 });
    // The whole answer renders after the status, in a render of its own (deferred), its chart too.
    await screen.findByRole('img', {
      name: /^Saved % per run, by strategy: a histogram of 10 runs/,
    });
    expect(screen.queryByText(/runs so far/)).toBeNull();
    const summary = screen.getByRole('table', { name: 'Fleet summary: every run' });
    const rows = within(summary).getAllByRole('row');
    // The header, sending everything, then the three presets in their order.
    expect(rows.map((r) => r.querySelector('td')?.textContent ?? '')).toEqual([
      '',
      'Sending everything',
      ...THREE,
    ]);
    expect(within(summary).getAllByRole('link').length).toBeGreaterThan(5);
    // The results file splits the runs: resolved and not, summing to ten.
    const split = screen.getByRole('group', { name: 'Runs summed' });
    const counts = within(split)
      .getAllByRole('button')
      .map((b) => Number(/\((\d+)\)/.exec(b.textContent ?? '')?.[1]));
    expect(counts[0]).toBe(10);
    expect(counts.slice(1).reduce((a, b) => a + b, 0)).toBe(10);
    fireEvent.click(within(split).getByRole('button', { name: /^Resolved/ }));
    expect(screen.getByRole('table', { name: 'Fleet summary: resolved' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Runs compared' }).getAttribute('aria-rowcount')).toBe(
      '11',
    );
    const fleetAsks = asked.filter((t) => t === 'fleet-compare').length;
    expect(fleetAsks).toBe(1);

    // A run's own comparison on the same three (virtualized rows: the click is the e2e's).
    act(() => runtime.store.getState().actions.openRunComparison(3));
    expect(runtime.store.getState().view).toBe('compare');
    expect(runtime.store.getState().choices).toEqual(
      THREE.map((id) => PRESETS.find((p) => p.id === id)!.choice),
    );
    await screen.findByRole('region', { name: 'Compared strategies' }, { timeout: 30_000 });
    // Back: the overview's comparison, answered from the cache at once.
    act(() => runtime.store.getState().actions.setView('runs'));
    expect(screen.getByText('Compared all 10 runs.')).toBeTruthy();
    expect(asked.filter((t) => t === 'fleet-compare').length).toBe(fleetAsks);
  }, 120_000);
});
