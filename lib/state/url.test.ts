import { describe, expect, it } from 'vitest';
import { summarizeRuns } from '../model/run-summary';
import { createDebuggerStore } from './debugger-store';
import { fromParams, isNavigation, toParams, urlStateOf, type UrlState } from './url';

const file = {
  histories: [
    {
      id: 'a',
      steps: [{ id: 's0', stepNumber: 0, kind: 'task' as const, task: 'hi' }],
      children: [{ parentStepId: 's0', history: { id: 'sub/agent 1', steps: [] } }],
    },
    { id: 'b', steps: [] },
  ],
};

describe('URL state', () => {
  it('reads what it writes: every field, sub-agent ids with slashes and spaces included', () => {
    const state: UrlState = {
      open: 'f'.repeat(64),
      run: 1,
      sub: ['sub/agent 1', 'x'],
      step: 's0',
      view: 'compare',
      filters: {
        kinds: ['action', 'task'],
        tool: 'bash',
        withError: false,
        from: 2,
        to: 9,
        text: 'needle & thread',
      },
      compare: 'keep-last-n-steps~{"n":2}',
      call: 7,
    };
    expect(fromParams(toParams(state))).toEqual(state);
    expect(toParams(state).toString()).toBe(
      new URLSearchParams(toParams(state).toString()).toString(),
    );
  });

  it('leaves defaults out and ignores what it does not know', () => {
    expect(
      toParams({ sample: 'tau', run: 0, sub: [], view: 'timeline', filters: {} }).toString(),
    ).toBe('sample=tau');
    expect(
      fromParams(new URLSearchParams('view=nope&run=-1&call=x&kinds=action,bogus&error=2')),
    ).toEqual({ sub: [], filters: { kinds: ['action'] } });
  });

  it('derives the URL from the store: the file, run, sub-agent, step, view and comparison; only the comparison when nothing is loaded', () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.setChoices([{ strategyId: 'none', params: {} }]);
    actions.setView('compare');
    expect(urlStateOf(store.getState())).toEqual({
      sub: [],
      filters: {},
      view: 'compare',
      compare: 'none',
    });
    actions.loadSucceeded(
      {
        name: 'tau.json',
        format: 'openai-messages',
        runs: summarizeRuns(file),
        warnings: [],
        sample: 'tau',
      },
      file.histories[0]!,
    );
    actions.navigate({ run: 0, sub: ['sub/agent 1'] });
    expect(toParams(urlStateOf(store.getState())).toString()).toBe(
      'sample=tau&sub=sub%252Fagent%25201&view=compare&compare=none',
    );
    actions.libraryStored('e'.repeat(64));
    expect(urlStateOf(store.getState()).open).toBe('e'.repeat(64));
    expect(urlStateOf(store.getState()).sample).toBeUndefined();
  });

  it('calls a move to another step, run, sub-agent or view navigation, and a new file or an edit not', () => {
    const base: UrlState = { sample: 'tau', sub: [], filters: {} };
    expect(isNavigation(base, { ...base, step: 's1' })).toBe(true);
    expect(isNavigation(base, { ...base, view: 'table' })).toBe(true);
    expect(isNavigation(base, { ...base, sub: ['x'] })).toBe(true);
    expect(isNavigation(base, { ...base, filters: { text: 'a' } })).toBe(false);
    expect(isNavigation(base, { ...base, compare: 'none' })).toBe(false);
    expect(isNavigation(base, { sample: 'other', sub: [], filters: {}, step: 's1' })).toBe(false);
  });

  it('carries every choice: tokenizer, dialect, model, goal and the plan toggles, defaults left out', () => {
    const state: UrlState = {
      sample: 'tau',
      sub: [],
      filters: {},
      tokenizer: 'cl100k_base',
      dialect: 'anthropic',
      model: 'claude-sonnet-4-5',
      goal: 'loss',
      plan: { overrides: { '2': 'summary' }, expandAt: { '2': '7' } },
    };
    const params = toParams(state);
    expect(params.toString()).toBe(
      'sample=tau&tokenizer=cl100k_base&dialect=anthropic&model=claude-sonnet-4-5&goal=loss&plan=2%407',
    );
    expect(fromParams(params)).toEqual(state);
    expect(
      toParams({
        sample: 'tau',
        sub: [],
        filters: {},
        tokenizer: 'o200k_base',
        dialect: 'recorded',
        goal: 'cost',
      }).toString(),
    ).toBe('sample=tau');
  });

  it('names an unknown tokenizer, dialect, goal or plan toggle in a link, and keeps the rest', () => {
    const url = fromParams(
      new URLSearchParams('sample=tau&tokenizer=gpt5&dialect=klingon&goal=speed&plan=@1&run=2'),
    );
    expect(url).toMatchObject({ sample: 'tau', run: 2 });
    expect(url.tokenizer).toBeUndefined();
    expect(url.problems).toEqual([
      'unknown tokenizer "gpt5" (tokenizer=; known: o200k_base, cl100k_base, heuristic)',
      expect.stringMatching(/^unknown dialect "klingon" \(dialect=; known: recorded, .*\)$/),
      'unknown ranking goal "speed" (goal=; known: cost, overflow, loss)',
      'plan toggles (plan=): "@1" is not a summarized plan step (expected <plan step id> or <plan step id>@<call>)',
    ]);
  });

  it('derives the choices from the store: kept without a file, the plan toggles only with one', () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.setTokenizer('heuristic');
    actions.setDialect('openai');
    actions.setModel('gpt-4o');
    actions.setGoal('overflow');
    actions.setPlanVisibility('p1', 'summary');
    actions.setPlanExpandAt('p1', '3');
    expect(toParams(urlStateOf(store.getState())).toString()).toBe(
      'tokenizer=heuristic&dialect=openai&model=gpt-4o&goal=overflow',
    );
    actions.loadStarted({ sample: 'tau', at: { sub: [] } });
    actions.loadSucceeded(
      { name: 'tau.json', format: 'openai-messages', runs: summarizeRuns(file), warnings: [] },
      file.histories[0]!,
    );
    expect(toParams(urlStateOf(store.getState())).toString()).toBe(
      'sample=tau&tokenizer=heuristic&dialect=openai&model=gpt-4o&goal=overflow&plan=p1%403',
    );
  });
});
