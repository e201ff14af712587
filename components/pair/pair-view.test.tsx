// @vitest-environment happy-dom
/**
 * The paired view on the real dispatcher in this thread: the GAIA code agent's 32 runs open on the
 * runs overview, the tool-calling agent's folder is paired with them, and the view lists which
 * questions only one agent solves as test/gaia-pair.ts computes it from the raw records; a task
 * opens A's run from there.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../contexts/app-providers';
import { expectedGaiaPair, GAIA_A, GAIA_B_DIR } from '../../test/gaia-pair';
import { testRuntime } from '../../test/test-runtime';
import { Workspace } from '../workspace/workspace';

afterEach(cleanup);

describe('the paired view', () => {
  it('pairs the runs on screen with a picked folder and lists what only one fleet solves', async () => {
    const runtime = testRuntime();
    runtime.store.getState().actions.setTokenizer('heuristic');
    render(
      <AppProviders runtime={runtime}>
        <Workspace />
      </AppProviders>,
    );
    act(() => runtime.loader.loadText('gpt-4o__code__gaia.jsonl', readFileSync(GAIA_A, 'utf8')));
    await screen.findByRole('region', { name: 'Runs overview' }, { timeout: 15_000 });
    expect(screen.getByLabelText("Pair with a fleet's folder")).toBeTruthy();
    const files = readdirSync(GAIA_B_DIR).map((f) => ({
      path: `smolagents-gaia/${f}`,
      // Node's File: happy-dom's does not survive the structured clone the in-process worker makes.
      file: new NodeFile([readFileSync(join(GAIA_B_DIR, f))], f) as unknown as File,
    }));
    act(() => runtime.store.getState().actions.pairWith(files));
    const expected = expectedGaiaPair();
    const onlyA = await screen.findByRole('region', { name: 'Only A solves' }, { timeout: 30_000 });
    const onlyB = screen.getByRole('region', { name: 'Only B solves' });
    const listed = (r: HTMLElement) =>
      within(r)
        .queryAllByRole('listitem')
        .map((li) => li.textContent);
    expect(listed(onlyA)).toEqual(expected.onlyASolves);
    expect(listed(onlyB)).toEqual(expected.onlyBSolves);
    const paired = screen.getByRole('region', { name: 'Paired fleets' });
    expect(paired.textContent).toContain('smolagents-gaia');
    expect(
      within(paired).getByRole('table', { name: 'Paired tasks' }).getAttribute('aria-rowcount'),
    ).toBe('33');
    expect(
      within(paired).getByRole('table', { name: 'Strategies on both fleets' }).textContent,
    ).toContain('tinyagent-last-5');
    // A task only A solves opens A's run, from the list.
    const first = expected.onlyASolves[0] as string;
    fireEvent.click(within(onlyA).getByRole('button', { name: first }));
    expect(runtime.store.getState().view).toBe('timeline');
    const index = runtime.store.getState().historyIndex;
    expect(runtime.store.getState().loaded?.runs[index]?.title).toBe(first);
  }, 60_000);
});
