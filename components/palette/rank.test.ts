import { describe, expect, it } from 'vitest';
import { parseSource } from '../../lib/import';
import { importSources } from '../../lib/import/files';
import { summarizeRuns } from '../../lib/model/run-summary';
import { paletteEntries } from '../../lib/state/palette';
import { fixtureText } from '../../test/samples';
import { rankEntries } from './rank';

const file = importSources([
  parseSource(
    fixtureText('real/openai-chat/tau-bench__tool-calling-grok-3.json'),
    'tau-bench__tool-calling-grok-3.json',
  ),
]);
const entries = paletteEntries(summarizeRuns(file), file.histories[0]!.steps);

describe('palette search', () => {
  it('shows the first entries of each group before anything is typed', () => {
    const groups = rankEntries(entries, '', 5);
    expect(groups.map((g) => g.group)).toEqual(['Runs', 'Steps', 'Strategies', 'Views']);
    expect(groups[0]?.entries.map((e) => e.label.split(' · ')[0])).toEqual([
      'Run 1',
      'Run 2',
      'Run 3',
      'Run 4',
      'Run 5',
    ]);
    expect(groups[0]?.more).toBe(110);
  });

  it('ranks fuzzy matches, the best first, and the best group first', () => {
    const [runs] = rankEntries(entries, 'run 43', 3);
    expect(runs?.group).toBe('Runs');
    expect(runs?.entries[0]?.label).toMatch(/^Run 43 · /);
    // Letters in order, not together: "cmpr" finds the compare view.
    const views = rankEntries(entries, 'cmpr strat', 3).find((g) => g.group === 'Views');
    expect(views?.entries[0]?.label).toBe('Compare strategies');
    expect(rankEntries(entries, 'zzzzqqq', 3)).toEqual([]);
  });
});
