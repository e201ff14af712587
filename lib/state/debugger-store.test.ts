import { describe, expect, it } from 'vitest';
import type { HistoryFile } from '../model/types';
import { summarizeRuns } from '../model/run-summary';
import type { TokenizerId } from '../tokens/tokenizer';
import { createDebuggerStore, currentHistory } from './debugger-store';

const file: HistoryFile = {
  histories: [
    { id: 'a', steps: [{ kind: 'task', id: 't', stepNumber: 0, task: 'hi' }] },
    { id: 'b', steps: [] },
  ],
};

describe('debugger store', () => {
  it('loads, selects, and keeps exact counts over a late heuristic', () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.loadStarted();
    expect(store.getState().status).toBe('loading');
    actions.loadSucceeded(
      { name: 'f.json', format: 'stepscope', runs: summarizeRuns(file), warnings: [] },
      file.histories[0]!,
    );
    actions.countsArrived({
      tokenizer: 'o200k_base',
      dialect: 'recorded',
      exact: true,
      byHistory: { a: [5] },
    });
    actions.countsArrived({
      tokenizer: 'o200k_base',
      dialect: 'recorded',
      exact: false,
      byHistory: { a: [2] },
    });
    expect(store.getState().counts?.byHistory.a).toEqual([5]);
    actions.selectStep('t');
    actions.selectHistory(1);
    expect(store.getState()).toMatchObject({ historyIndex: 1, selectedStepId: undefined });
    actions.selectHistory(5);
    expect(store.getState().historyIndex).toBe(1);
  });

  it("shows the worker's chars/4 estimate from the first paint until the chosen tokenizer's counts arrive", () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    const loaded = { name: 'f.json', format: 'stepscope', runs: summarizeRuns(file), warnings: [] };
    // The worker's estimate of every run, which the loader passes on once the run is in.
    const estimate = (dialect: 'recorded' | 'openai', a: number) =>
      actions.countsArrived({
        tokenizer: 'heuristic',
        dialect,
        exact: false,
        byHistory: { a: [a] },
      });
    actions.loadStarted();
    actions.loadSucceeded(loaded, file.histories[0]!);
    estimate('recorded', 3);
    expect(store.getState().counts).toEqual({
      tokenizer: 'heuristic',
      dialect: 'recorded',
      exact: false,
      byHistory: { a: [3] },
    });
    // Counts of run a, in the page's dialect.
    const arrive = (tokenizer: TokenizerId, a: number) =>
      actions.countsArrived({
        tokenizer,
        dialect: 'recorded',
        exact: tokenizer !== 'heuristic',
        byHistory: { a: [a] },
      });
    arrive('o200k_base', 5);
    // A heuristic after the chosen tokenizer's counts never replaces them.
    arrive('heuristic', 9);
    expect(store.getState().counts?.byHistory.a).toEqual([5]);
    // After a change of tokenizer the worker's estimate shows until that tokenizer's counts are in.
    actions.setTokenizer('cl100k_base');
    arrive('heuristic', 4);
    expect(store.getState().counts?.byHistory.a).toEqual([4]);
    arrive('cl100k_base', 6);
    expect(store.getState().counts?.byHistory.a).toEqual([6]);
    // An estimate in a dialect the page no longer shows is not used.
    actions.loadSucceeded(loaded, file.histories[0]!);
    estimate('openai', 1);
    expect(store.getState().counts).toBeUndefined();
  });

  it("holds only the run on screen: another run is asked for, and a link's step applies when it arrives", () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.loadSucceeded(
      { name: 'f.json', format: 'stepscope', runs: summarizeRuns(file), warnings: [] },
      file.histories[0]!,
    );
    expect(store.getState().loaded?.runs).toEqual([
      { id: 'a', steps: 1 },
      { id: 'b', steps: 0 },
    ]);
    expect(currentHistory(store.getState())?.id).toBe('a');
    actions.navigate({ run: 1, sub: [], step: 'b0' });
    // Asked for, not here yet: nothing of run a is shown as run b.
    expect(store.getState()).toMatchObject({
      historyIndex: 1,
      pendingNav: { sub: [], step: 'b0' },
    });
    expect(currentHistory(store.getState())).toBeUndefined();
    // A late answer for another run is ignored.
    actions.runArrived(0, file.histories[0]!);
    expect(currentHistory(store.getState())).toBeUndefined();
    actions.runArrived(1, {
      id: 'b',
      steps: [{ kind: 'task', id: 'b0', stepNumber: 0, task: 'there' }],
    });
    expect(store.getState()).toMatchObject({
      historyIndex: 1,
      selectedStepId: 'b0',
      pendingNav: undefined,
    });
    expect(currentHistory(store.getState())?.id).toBe('b');
  });

  it('keeps the loaded file when a later load fails, and ignores counts for another tokenizer', () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.loadFailed('x.json: the file is empty');
    expect(store.getState()).toMatchObject({ status: 'error', error: 'x.json: the file is empty' });
    actions.loadSucceeded(
      { name: 'f.json', format: 'stepscope', runs: summarizeRuns(file), warnings: [] },
      file.histories[0]!,
    );
    actions.loadStarted();
    actions.loadFailed('bad.json: invalid JSON at line 1, column 2');
    expect(store.getState()).toMatchObject({
      status: 'ready',
      error: 'bad.json: invalid JSON at line 1, column 2',
    });
    expect(store.getState().loaded?.name).toBe('f.json');
    actions.loadSucceeded(
      { name: 'g.json', format: 'stepscope', runs: summarizeRuns(file), warnings: [] },
      file.histories[0]!,
    );
    expect(store.getState().error).toBeUndefined();
    actions.setTokenizer('cl100k_base');
    actions.countsArrived({
      tokenizer: 'o200k_base',
      dialect: 'recorded',
      exact: true,
      byHistory: {},
    });
    expect(store.getState().counts).toBeUndefined();
  });

  it('opens sub-agents and comes back to the step that spawned them', () => {
    const child = {
      id: 'child',
      steps: [{ kind: 'task' as const, id: 'c0', stepNumber: 0, task: 'sub' }],
    };
    const withChild: HistoryFile = {
      histories: [
        {
          id: 'main',
          steps: [{ kind: 'task', id: 'm0', stepNumber: 0, task: 'hi' }],
          children: [{ parentStepId: 'm0', history: child }],
        },
      ],
    };
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.loadSucceeded(
      { name: 'n.json', format: 'stepscope', runs: summarizeRuns(withChild), warnings: [] },
      withChild.histories[0]!,
    );
    actions.openChild('nope');
    expect(store.getState().childPath).toEqual([]);
    actions.openChild('child');
    expect(currentHistory(store.getState())?.id).toBe('child');
    actions.backTo(0);
    expect(store.getState()).toMatchObject({ childPath: [], selectedStepId: 'm0' });
    actions.navigate({ run: 0, sub: ['child'], step: 'c0' });
    expect(store.getState()).toMatchObject({ childPath: ['child'], selectedStepId: 'c0' });
    actions.navigate({ run: 9, sub: ['nope'], step: 'c0' });
    expect(store.getState()).toMatchObject({
      historyIndex: 0,
      childPath: [],
      selectedStepId: undefined,
    });
  });
});

describe('loading', () => {
  it('remembers what is loading (an example, where a link points) and applies it when the file is in', () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    const child = {
      id: 'child',
      steps: [{ kind: 'task' as const, id: 'c0', stepNumber: 0, task: 'sub' }],
    };
    const file = {
      histories: [
        {
          id: 'main',
          steps: [{ kind: 'task' as const, id: 'm0', stepNumber: 0, task: 'hi' }],
          children: [{ parentStepId: 'm0', history: child }],
        },
      ],
    };
    actions.loadStarted({ sample: 'example', at: { run: 0, sub: ['child'], step: 'c0' } });
    expect(store.getState()).toMatchObject({ status: 'loading', loading: { sample: 'example' } });
    actions.loadSucceeded(
      { name: 'n.json', format: 'stepscope', runs: summarizeRuns(file), warnings: [] },
      file.histories[0]!,
    );
    expect(store.getState()).toMatchObject({
      loaded: { sample: 'example' },
      childPath: ['child'],
      selectedStepId: 'c0',
      loading: undefined,
    });
    // The next load is not an example: nothing carries over.
    actions.loadStarted();
    actions.loadSucceeded(
      { name: 'p.json', format: 'stepscope', runs: summarizeRuns(file), warnings: [] },
      file.histories[0]!,
    );
    expect(store.getState().loaded?.sample).toBeUndefined();
    expect(store.getState()).toMatchObject({ childPath: [], selectedStepId: undefined });
  });
});

describe('choices kept in the store', () => {
  it("keeps the ranking goal and the plan view's toggles; another run or a new file starts them clean", () => {
    const store = createDebuggerStore();
    const { actions } = store.getState();
    actions.setGoal('loss');
    // A link's toggles come before its file: a load that a link started keeps them.
    actions.setPlanToggles({ overrides: { p1: 'summary' }, expandAt: { p1: '4' } });
    actions.loadStarted({ at: { sub: [] } });
    actions.loadSucceeded(
      { name: 'f.json', format: 'stepscope', runs: summarizeRuns(file), warnings: [] },
      file.histories[0]!,
    );
    expect(store.getState().plan).toEqual({ overrides: { p1: 'summary' }, expandAt: { p1: '4' } });
    actions.setPlanVisibility('p2', 'summary');
    actions.setPlanExpandAt('p2', '9');
    actions.setPlanExpandAt('p1', '');
    expect(store.getState().plan).toEqual({
      overrides: { p1: 'summary', p2: 'summary' },
      expandAt: { p2: '9' },
    });
    actions.setPlanVisibility('p2', 'full');
    expect(store.getState().plan).toEqual({ overrides: { p1: 'summary' }, expandAt: {} });
    // Plan step ids belong to one history: another run has its own.
    actions.selectHistory(1);
    expect(store.getState().plan).toEqual({ overrides: {}, expandAt: {} });
    actions.setPlanVisibility('p1', 'summary');
    actions.loadStarted();
    expect(store.getState().plan).toEqual({ overrides: {}, expandAt: {} });
    expect(store.getState().goal).toBe('loss');
  });
});
