/** The runs overview in the store and the URL: where a file of many runs opens, and the way back. */
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../../test/samples';
import { parseSource } from '../import';
import { importSources } from '../import/files';
import { summarizeRuns } from '../model/run-summary';
import type { History } from '../model/types';
import { createDebuggerStore } from './debugger-store';
import { decodeCompareSort, decodeFleetSort, encodeFleetSort } from './fleet-view';
import { fromParams, isNavigation, toParams, urlStateOf } from './url';

const tau = importSources([
  parseSource(fixtureText('real/openai-chat/tau-bench__tool-calling-grok-3.json'), 'tau.json'),
]);
const loaded = {
  name: 'tau.json',
  format: 'tau-bench-runs',
  runs: summarizeRuns(tau),
  warnings: [],
};

function storeWithTau() {
  const store = createDebuggerStore({}, { fetchRun: async (i) => tau.histories[i] as History });
  store.getState().actions.loadSucceeded(loaded, tau.histories[0]!);
  return store;
}

describe('the runs overview in the store', () => {
  it('is where a file of 115 runs opens, and a file of one run has none', () => {
    const store = storeWithTau();
    expect(store.getState().view).toBe('runs');
    store
      .getState()
      .actions.loadSucceeded({ ...loaded, runs: loaded.runs.slice(0, 1) }, tau.histories[0]!);
    expect(store.getState().view).toBe('timeline');
  });

  it('keeps the place a link names: a link opens where it points', () => {
    const store = createDebuggerStore();
    store.getState().actions.loadStarted({ at: { run: 7, sub: [] } });
    store.getState().actions.loadSucceeded(loaded, tau.histories[0]!);
    expect(store.getState().view).toBe('timeline');
  });

  it('opens a run in the timeline in one change, and keeps sort, filter, search and the run opened', async () => {
    const store = storeWithTau();
    const { actions } = store.getState();
    actions.setFleetSort({ by: 'input', desc: true });
    actions.setFleetOutcome('failed');
    actions.setFleetSearch('task 3');
    const changes: string[] = [];
    const stop = store.subscribe((s) => changes.push(`${s.view}:${s.historyIndex}`));
    actions.openRun(7);
    stop();
    expect(changes).toEqual(['timeline:7']);
    await expect.poll(() => store.getState().run?.index).toBe(7);
    expect(store.getState().fleet).toEqual({
      sort: { by: 'input', desc: true },
      outcome: 'failed',
      search: 'task 3',
      opened: 7,
    });
    actions.openRun(200);
    expect(store.getState().historyIndex).toBe(7);
  });
});

describe('the runs overview in the URL', () => {
  it('writes the view and its choices, without a run, and reads them back', () => {
    const store = storeWithTau();
    const { actions } = store.getState();
    store.getState().actions.libraryStored('f'.repeat(64));
    actions.setFleetSort({ by: 'input', desc: true });
    actions.setFleetOutcome('partial');
    actions.setFleetSearch('task 3');
    const overview = urlStateOf(store.getState());
    expect(toParams(overview).toString()).toBe(
      `open=${'f'.repeat(64)}&view=runs&runsort=-input&outcome=partial&runq=task+3`,
    );
    expect(fromParams(toParams(overview))).toEqual(overview);
    // Opening run 8 is navigation: Back returns to the overview, whose choices stay in the address.
    actions.openRun(7);
    const run = urlStateOf(store.getState());
    expect(toParams(run).toString()).toBe(
      `open=${'f'.repeat(64)}&run=7&runsort=-input&outcome=partial&runq=task+3`,
    );
    expect(isNavigation(overview, run)).toBe(true);
    // Sorting is an edit of the view, not a new place.
    expect(isNavigation(overview, { ...overview, fleet: { search: '' } })).toBe(false);
  });

  it('names an unknown column or outcome in a link, and keeps the rest', () => {
    const url = fromParams(new URLSearchParams('view=runs&runsort=-speed&outcome=won&runq=x'));
    expect(url.view).toBe('runs');
    expect(url.fleet).toEqual({ search: 'x' });
    expect(url.problems).toEqual([
      'unknown run column "speed" (runsort=; known: run, steps, calls, input, peak, over, cost, outcome, model, with - for descending)',
      'unknown outcome "won" (outcome=; known: resolved, partial, failed, submitted, error, other)',
    ]);
  });

  it("keeps the fleet comparison's per-run sort in the address, strictly", () => {
    const store = storeWithTau();
    const { actions } = store.getState();
    actions.libraryStored('f'.repeat(64));
    actions.setFleetCompareSort({ by: 's1', desc: true });
    const state = urlStateOf(store.getState());
    expect(toParams(state).get('cmpsort')).toBe('-s1');
    expect(fromParams(toParams(state)).fleet?.compareSort).toEqual({ by: 's1', desc: true });
    actions.setFleetCompareSort(undefined);
    expect(toParams(urlStateOf(store.getState())).get('cmpsort')).toBeNull();
    const bad = fromParams(new URLSearchParams('view=runs&cmpsort=-saved'));
    expect(bad.fleet).toBeUndefined();
    expect(bad.problems).toEqual([
      'unknown compared-run column "saved" (cmpsort=; known: run, outcome, baseline, or s0, s1, … for a strategy\'s column, with - for descending)',
    ]);
    expect(decodeCompareSort('baseline')).toEqual({ by: 'baseline', desc: false });
  });

  it('encodes a sort as its column, with - for descending', () => {
    expect(encodeFleetSort({ by: 'cost', desc: true })).toBe('-cost');
    expect(decodeFleetSort('steps')).toEqual({ by: 'steps', desc: false });
    expect(decodeFleetSort(encodeFleetSort({ by: 'peak', desc: true }))).toEqual({
      by: 'peak',
      desc: true,
    });
  });
});
