/**
 * The fleet comparison in the store and the URL: strategies are run over the fleet when the user
 * says so, a run's own comparison opens from it on the same strategies, and Back's URL brings the
 * fleet comparison (its panel and strategies) back; a bad `fleetcompare=` is a problem that names it.
 */
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../../test/samples';
import { decodeChoices, encodeChoices } from '../compare/config';
import { PRESETS } from '../compare/presets';
import { parseSource } from '../import';
import { importSources } from '../import/files';
import { summarizeRuns } from '../model/run-summary';
import type { History } from '../model/types';
import { createDebuggerStore } from './debugger-store';
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
const three = ['strands-default', 'anthropic-clear-tool-uses', 'tinyagent-last-5'].map(
  (id) => PRESETS.find((p) => p.id === id)!.choice,
);

function store() {
  const s = createDebuggerStore({}, { fetchRun: async (i) => tau.histories[i] as History });
  s.getState().actions.loadSucceeded(loaded, tau.histories[0]!);
  return s;
}

describe('the fleet comparison in the store', () => {
  it('runs the chosen strategies over the fleet only when asked, and cancels', () => {
    const s = store();
    const a = s.getState().actions;
    a.compareOverFleet();
    expect(s.getState().fleet.ran).toBeUndefined();
    a.setFleetPanel('compare');
    a.setChoices(three);
    expect(s.getState().fleet).toEqual({ search: '', panel: 'compare' });
    a.compareOverFleet();
    expect(s.getState().fleet.ran).toEqual(three);
    // Editing the strategies afterwards leaves the fleet's answer as it ran.
    a.setChoices(three.slice(0, 1));
    expect(s.getState().fleet.ran).toEqual(three);
    a.cancelFleetComparison();
    expect(s.getState().fleet).toEqual({ search: '', panel: 'compare' });
  });

  it("opens a run's own comparison on the fleet's strategies, and Back's URL returns", () => {
    const s = store();
    const a = s.getState().actions;
    a.setChoices(three);
    a.compareOverFleet();
    a.setChoices([]);
    const before = urlStateOf(s.getState());
    a.openRunComparison(7);
    const st = s.getState();
    expect(st.view).toBe('compare');
    expect(st.historyIndex).toBe(7);
    expect(st.choices).toEqual(three);
    expect(st.fleet.opened).toBe(7);
    const after = urlStateOf(st);
    expect(isNavigation(before, after)).toBe(true);
    // The way back: the overview's URL names the panel and the strategies the fleet ran.
    const back = fromParams(toParams(before));
    expect(back.view).toBe('runs');
    expect(back.fleet).toEqual({
      search: '',
      panel: 'compare',
      ran: decodeChoices(encodeChoices(three)),
    });
    expect(toParams(before).get('fleetcompare')).toBe(encodeChoices(three));
    s.getState().actions.setFleetChoices(back.fleet!);
    expect(s.getState().fleet.ran).toEqual(decodeChoices(encodeChoices(three)));
  });

  it('names a fleet comparison or a panel it cannot use', () => {
    const url = fromParams(new URLSearchParams('view=runs&runtab=charts&fleetcompare=nope'));
    expect(url.problems).toEqual([
      'unknown runs panel "charts" (runtab=; known: runs, compare)',
      expect.stringMatching(
        /^the fleet comparison \(fleetcompare=\): strategy 1: Unknown strategy "nope"/,
      ),
    ]);
    expect(url.fleet).toBeUndefined();
  });
});
