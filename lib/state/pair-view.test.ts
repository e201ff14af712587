/** The paired view in the store and the URL: a pick, its presets and sort, and a link's strictness. */
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../../test/samples';
import { parseSource } from '../import';
import { importSources } from '../import/files';
import { summarizeRuns } from '../model/run-summary';
import type { History } from '../model/types';
import { createDebuggerStore } from './debugger-store';
import { DEFAULT_PAIR_PRESETS, decodePairSort, encodePairSort } from './pair-view';
import { fromParams, toParams, urlStateOf } from './url';

const gaia = importSources([
  parseSource(fixtureText('real/smolagents/gpt-4o__code__gaia__2025-07-24.jsonl'), 'gaia.jsonl'),
]);
const loaded = {
  name: 'gaia.jsonl',
  format: 'smolagents',
  runs: summarizeRuns(gaia),
  warnings: [],
};
const picked = [{ path: 'b/runs.jsonl', file: new File(['{}'], 'runs.jsonl') }];

function store() {
  const s = createDebuggerStore({}, { fetchRun: async (i) => gaia.histories[i] as History });
  s.getState().actions.loadSucceeded(loaded, gaia.histories[0]!);
  return s;
}

describe('the paired view in the store', () => {
  it('counts each pick, keeps presets and sort when closed, and drops the pair with a new file', () => {
    const s = store();
    const a = s.getState().actions;
    expect(s.getState().pair).toEqual({ pick: 0, presets: DEFAULT_PAIR_PRESETS });
    a.pairWith(picked);
    a.pairWith(picked);
    expect(s.getState().pair.pick).toBe(2);
    a.setPairSort({ by: 'dinput', desc: true });
    a.setPairPresets(['tinyagent-last-5']);
    a.setPairPresets([]);
    expect(s.getState().pair.presets).toEqual(['tinyagent-last-5']);
    a.closePair();
    expect(s.getState().pair).toEqual({
      pick: 2,
      presets: ['tinyagent-last-5'],
      sort: { by: 'dinput', desc: true },
    });
    a.pairWith(picked);
    a.loadSucceeded(loaded, gaia.histories[0]!);
    expect(s.getState().pair.files).toBeUndefined();
    expect(s.getState().pair.pick).toBe(3);
  });
});

describe('the paired view in the URL', () => {
  it('writes the sort and presets that differ from the defaults, and reads them back', () => {
    const s = store();
    expect(toParams(urlStateOf(s.getState())).has('pairsort')).toBe(false);
    s.getState().actions.setPairSort({ by: 'dsteps', desc: false });
    s.getState().actions.setPairPresets(['claude-code-compact', 'tinyagent-last-5']);
    const params = toParams(urlStateOf(s.getState()));
    expect(params.get('pairsort')).toBe('dsteps');
    expect(params.get('pairwith')).toBe('claude-code-compact,tinyagent-last-5');
    expect(fromParams(params).pair).toEqual({
      sort: { by: 'dsteps', desc: false },
      presets: ['claude-code-compact', 'tinyagent-last-5'],
    });
    expect(encodePairSort(decodePairSort('-dcost'))).toBe('-dcost');
  });

  it('names an unknown column or preset, and what is known', () => {
    const url = fromParams(new URLSearchParams('pairsort=-speed&pairwith=tinyagent-last-5,nope'));
    expect(url.pair).toBeUndefined();
    expect(url.problems).toEqual([
      expect.stringMatching(/^unknown paired column "speed" \(pairsort=; known: task, steps/),
      expect.stringMatching(/^unknown preset "nope" \(pairwith=; known: strands-default/),
    ]);
    expect(fromParams(new URLSearchParams('pairwith=')).problems).toEqual([
      'no preset (pairwith=; name one or more, comma-separated)',
    ]);
  });
});
