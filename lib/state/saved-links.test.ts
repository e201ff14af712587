import { describe, expect, it } from 'vitest';
import { sampleRun } from '../../test/samples';
import { summarizeRuns } from '../model/run-summary';
import type { HistoryFile } from '../model/types';
import { createDebuggerStore } from './debugger-store';
import { libraryEntryHref, placeOf, savedComparisonHref, savedComparisonOf } from './saved-links';
import { fromParams } from './url';

const ID = 'e'.repeat(64);

describe('links back into a library entry', () => {
  it('saves a comparison with its run and choices, and its link reopens them in the compare view', () => {
    const a = sampleRun('tau-bench-airline-task3.json');
    const file: HistoryFile = { histories: [a, { ...a, id: 'second' }] };
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.loadSucceeded(
      { name: 'tau.json', format: 'openai-messages', runs: summarizeRuns(file), warnings: [] },
      a,
    );
    actions.libraryStored(ID);
    actions.navigate({ run: 1, sub: [] });
    actions.runArrived(1, file.histories[1]!);
    actions.setChoices([{ strategyId: 'keep-last-n-steps', params: { n: 3 } }]);
    actions.setCompareCall(5);
    actions.setTokenizer('cl100k_base');
    actions.setDialect('anthropic');
    actions.setModel('gpt-4o');
    actions.setGoal('overflow');
    const saved = savedComparisonOf(store.getState());
    expect(saved).toEqual({
      choices: 'keep-last-n-steps~{"n":3}',
      run: 1,
      settings: 'call=5&tokenizer=cl100k_base&dialect=anthropic&model=gpt-4o&goal=overflow',
    });
    const href = savedComparisonHref({ ...saved, fileId: ID });
    expect(fromParams(new URLSearchParams(href.slice(2)))).toEqual({
      open: ID,
      run: 1,
      sub: [],
      view: 'compare',
      filters: {},
      compare: 'keep-last-n-steps~{"n":3}',
      call: 5,
      tokenizer: 'cl100k_base',
      dialect: 'anthropic',
      model: 'gpt-4o',
      goal: 'overflow',
    });
    // A comparison saved before runs were kept reopens where it always did: run 0.
    expect(savedComparisonHref({ fileId: ID, choices: 'none', run: 0, settings: '' })).toBe(
      `/?open=${ID}&view=compare&compare=none`,
    );
  });

  it('reopens an entry where the user left it', () => {
    expect(libraryEntryHref(ID)).toBe(`/?open=${ID}`);
    expect(libraryEntryHref(ID, { run: 7, sub: ['agent a'], step: 's56' })).toBe(
      `/?open=${ID}&run=7&sub=agent%2520a&step=s56`,
    );
    expect(
      placeOf({ loaded: undefined, historyIndex: 0, childPath: [], selectedStepId: undefined }),
    ).toBeUndefined();
  });
});
