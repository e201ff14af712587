/**
 * The debugger's state: what the user chose (file, run, step, tokenizer, dialect, the comparison,
 * its goal, the plan view's toggles) plus the loaded
 * data and its token counts; everything shown is derived from these by pure functions. A store
 * factory per STYLE.md §5 (zustand/vanilla, no module-level store), driven in tests through
 * `getState()` without React.
 */
import { createStore } from 'zustand/vanilla';
import type { StrategyChoice } from '../compare/config';
import type { Goal } from '../compare/ranking';
import type { Dialect } from '../messages/types';
import type { StepQuery } from '../model/query';
import type { History } from '../model/types';
import type { PriceOverrides } from '../pricing/overrides';
import { DEFAULT_TOKENIZER, type TokenizerId } from '../tokens/tokenizer';
import {
  NO_FLEET_CHOICES,
  type FleetChoices,
  type FleetCompareSort,
  type FleetPanel,
  type FleetSort,
} from './fleet-view';
import { NO_PAIR_CHOICES, type PairChoices, type PairFile, type PairSort } from './pair-view';
import type { OutcomeKind } from '../model/run-summary';
import type { LoadedFile, StepCounts } from './loaded';
import {
  NO_PLAN_TOGGLES,
  withVisibility,
  type PlanToggles,
  type PlanVisibility,
} from './plan-toggles';
import { neighbourStep } from './step-nav';

/** The workspace's views of one run, and `runs`: the overview of every run of a file of many. */
export type View = 'timeline' | 'table' | 'usage' | 'compare' | 'plan' | 'runs';

export type LoadStatus = 'empty' | 'loading' | 'ready' | 'error';

/** What a load is: a bundled example's id, and where a link points in the file (applied when it is in). */
export interface Loading {
  readonly sample?: string;
  readonly at?: { readonly run?: number; readonly sub?: readonly string[]; readonly step?: string };
}

export interface DebuggerState {
  status: LoadStatus;
  /** 0 to 1 while loading. */
  progress: number;
  error?: string;
  loaded?: LoadedFile;
  /** Why the open file is not in the library, when keeping it failed. */
  libraryNotice?: string;
  /** What a link named that could not be used (an unknown tokenizer, a comparison that does not decode). */
  linkNotice?: string;
  /** The load under way, if any: what it is and where a link points in it. */
  loading?: Loading;
  /** The run asked for (an index into `loaded.runs`). */
  historyIndex: number;
  /** The run on screen with its sub-agents, as the worker sent it; another index while the next one comes. */
  run?: { readonly index: number; readonly history: History };
  /** Where to go in a run that is on its way (a link's sub-agent and step). */
  pendingNav?: { readonly sub: readonly string[]; readonly step?: string };
  /** Sub-agent histories opened from the run, outermost first (child history ids). */
  childPath: readonly string[];
  selectedStepId?: string;
  tokenizer: TokenizerId;
  dialect: Dialect;
  counts?: StepCounts;
  /** The step table's filters. */
  filters: StepQuery;
  view: View;
  /** The strategies compared side by side (the compare view), in column order. */
  choices: readonly StrategyChoice[];
  /** The model call (its step index) whose context the compare view shows. */
  compareCall?: number;
  /** The model whose context window the chart draws; undefined: the history's own, else GPT-4o. */
  model?: string;
  /** Prices the user gave, per model name as files write it (or `*`), over the catalog's. */
  prices?: PriceOverrides;
  /** What the compare view ranks the strategies by. */
  goal: Goal;
  /** The plan view's SUMMARY/FULL toggles and expand calls (plan step ids of the history on screen). */
  plan: PlanToggles;
  /** The runs overview's sort, outcome filter, search and the run last opened from it. */
  fleet: FleetChoices;
  /** The paired view: the fleet picked to pair with the loaded one, its presets and sort. */
  pair: PairChoices;
  actions: {
    /** A load began: what it is (a bundled example) and where a link points in it (run, sub-agent, step). */
    loadStarted(loading?: Loading): void;
    loadProgressed(progress: number): void;
    /** A file loaded: its runs, and the first run's history. */
    loadSucceeded(loaded: LoadedFile, first: History): void;
    /** A run the page asked for arrived from the worker. */
    runArrived(index: number, history: History): void;
    loadFailed(message: string): void;
    /** The loaded file is in the library under this id. */
    libraryStored(id: string): void;
    /** The loaded file could not be kept in the library: why (the file itself stays open). */
    libraryFailed(message: string | undefined): void;
    /** What a link named that could not be used; undefined dismisses it. Loads keep it: it is about the link. */
    linkFailed(message: string | undefined): void;
    dismissError(): void;
    countsArrived(counts: StepCounts): void;
    selectHistory(index: number): void;
    /** Shows a run, a sub-agent path under it and a step at once (URL restore, back/forward); invalid parts are dropped. */
    navigate(target: { run: number; sub: readonly string[]; step?: string }): void;
    /** Opens a sub-agent (a child of the current history), or goes back to depth `depth`. */
    openChild(id: string): void;
    backTo(depth: number): void;
    selectStep(id: string | undefined): void;
    /** Selects the step after the selected one in `order` (the steps of the view on screen, as listed). */
    selectNextStep(order: readonly string[]): void;
    /** Selects the step before the selected one in `order`. */
    selectPreviousStep(order: readonly string[]): void;
    setTokenizer(tokenizer: TokenizerId): void;
    setDialect(dialect: Dialect): void;
    setFilters(filters: StepQuery): void;
    setView(view: View): void;
    setChoices(choices: readonly StrategyChoice[]): void;
    setCompareCall(stepIndex: number | undefined): void;
    setModel(model: string | undefined): void;
    setPrices(prices: PriceOverrides | undefined): void;
    setGoal(goal: Goal): void;
    /** Shows a plan step in full or summarized; back to full forgets its expand call. */
    setPlanVisibility(id: string, visibility: PlanVisibility): void;
    /** The call at which the model expands a summarized plan step, as typed ('' for none). */
    setPlanExpandAt(id: string, typed: string): void;
    /** Every plan toggle at once (a link, Back and Forward). */
    setPlanToggles(plan: PlanToggles): void;
    /** The overview's sort (undefined: the file's order). */
    setFleetSort(sort: FleetSort | undefined): void;
    /** The fleet comparison's per-run table sort (undefined: the file's order). */
    setFleetCompareSort(sort: FleetCompareSort | undefined): void;
    /** The overview shows only runs that ended this way (undefined: all). */
    setFleetOutcome(outcome: OutcomeKind | undefined): void;
    setFleetSearch(search: string): void;
    /** Every overview choice at once (a link, Back and Forward); the run last opened is kept. */
    setFleetChoices(choices: Omit<FleetChoices, 'opened'>): void;
    /** Opens a run from the overview in the timeline, remembering it for the way back. */
    openRun(index: number): void;
    /** The overview's runs, or the strategies compared over them. */
    setFleetPanel(panel: FleetPanel): void;
    /** Compares the strategies chosen (`choices`) over every run of the fleet. */
    compareOverFleet(): void;
    /** Stops the fleet comparison under way (or forgets the one shown). */
    cancelFleetComparison(): void;
    /** Opens a run's own comparison from the fleet's, on the strategies the fleet ran. */
    openRunComparison(index: number): void;
    /** Pairs the loaded fleet with these picked files (a new pick, read once by the worker). */
    pairWith(files: readonly PairFile[]): void;
    /** Closes the paired view; its presets and sort stay for the next pick. */
    closePair(): void;
    setPairSort(sort: PairSort | undefined): void;
    /** The presets compared on both fleets, in column order (none: the first preset stays). */
    setPairPresets(presets: readonly string[]): void;
    reset(): void;
  };
}

export type DebuggerStore = ReturnType<typeof createDebuggerStore>;

/** The history at a path of child ids under the selected run. */
export function historyAt(
  state: Pick<DebuggerState, 'run' | 'historyIndex'>,
  path: readonly string[],
): History | undefined {
  let h = state.run?.index === state.historyIndex ? state.run.history : undefined;
  for (const id of path) h = h?.children?.find((c) => c.history.id === id)?.history;
  return h;
}

/** The history on screen: the run, or the sub-agent opened from it. */
export function currentHistory(
  state: Pick<DebuggerState, 'run' | 'historyIndex' | 'childPath'>,
): History | undefined {
  return historyAt(state, state.childPath);
}

/**
 * The view a file opens on. A file of many runs the user opened (no link naming a place in it)
 * opens on the overview of its runs, the overview's choices of the file before forgotten; the
 * compare and plan views a link chose before any file was open stay (url.ts keeps them for the
 * next file). A file of one run has no overview.
 */
function viewOnOpen(
  view: View,
  runs: number,
  linked: boolean,
): Partial<Pick<DebuggerState, 'view' | 'fleet'>> {
  if (linked) return {};
  if (runs > 1)
    return view === 'compare' || view === 'plan' ? {} : { view: 'runs', fleet: NO_FLEET_CHOICES };
  return view === 'runs' ? { view: 'timeline' } : {};
}

/** The state of another run asked for: at its top, nothing selected, the plan toggles of the last one forgotten. */
function anotherRun(index: number) {
  return {
    historyIndex: index,
    childPath: [],
    selectedStepId: undefined,
    pendingNav: undefined,
    plan: NO_PLAN_TOGGLES,
  };
}

/** What the store asks of the outside: the runs of the loaded file, which the history worker holds. */
export interface StoreDeps {
  /** Run `index` of the loaded file, with its sub-agents (previewed when large). */
  fetchRun?(index: number): Promise<History>;
}

export function createDebuggerStore(
  initial: Partial<Pick<DebuggerState, 'tokenizer' | 'dialect'>> = {},
  deps: StoreDeps = {},
) {
  return createStore<DebuggerState>()((set, get) => {
    // The run asked of the worker and not yet here: asked once, shown when it comes if still wanted.
    let asked: number | undefined;
    /** Asks for the run the state wants when it is not the one on screen. */
    const fetchWanted = () => {
      const s = get();
      const index = s.historyIndex;
      if (!deps.fetchRun || !s.loaded || s.run?.index === index || asked === index) return;
      asked = index;
      deps.fetchRun(index).then(
        (history) => {
          if (asked === index) asked = undefined;
          get().actions.runArrived(index, history);
        },
        (error: Error) => {
          if (asked === index) asked = undefined;
          if (get().historyIndex === index) get().actions.loadFailed(error.message);
        },
      );
    };
    /** Moves the selection through `order`; an empty order changes nothing. */
    const moveSelection = (order: readonly string[], delta: number) => {
      const next = neighbourStep(order, get().selectedStepId, delta);
      if (next !== undefined && next !== get().selectedStepId) set({ selectedStepId: next });
    };
    return {
      status: 'empty',
      progress: 0,
      historyIndex: 0,
      childPath: [],
      tokenizer: initial.tokenizer ?? DEFAULT_TOKENIZER,
      dialect: initial.dialect ?? 'recorded',
      filters: {},
      view: 'timeline',
      choices: [],
      goal: 'cost',
      plan: NO_PLAN_TOGGLES,
      fleet: NO_FLEET_CHOICES,
      pair: NO_PAIR_CHOICES,
      actions: {
        // What is loaded stays until the new file has loaded, so a failure loses nothing. The plan
        // view's toggles name plan steps of one history: a file opened without a link starts clean
        // (a link or a reload carries its own).
        loadStarted: (loading = {}) =>
          set({
            status: 'loading',
            progress: 0,
            error: undefined,
            loading,
            ...(loading.at === undefined ? { plan: NO_PLAN_TOGGLES } : {}),
          }),
        loadProgressed: (progress) => {
          if (get().progress !== progress) set({ progress });
        },
        loadSucceeded: (loaded, first) => {
          asked = undefined;
          const pending = get().loading;
          const sample = loaded.sample ?? pending?.sample;
          set({
            status: 'ready',
            progress: 1,
            error: undefined,
            libraryNotice: undefined,
            loaded: { ...loaded, ...(sample ? { sample } : {}) },
            loading: undefined,
            run: { index: 0, history: first },
            pendingNav: undefined,
            counts: undefined,
            historyIndex: 0,
            childPath: [],
            selectedStepId: undefined,
            // A pair was of the file before: the new file starts unpaired (presets and sort stay).
            pair: (({ files: _b, ...rest }) => rest)(get().pair),
            ...viewOnOpen(get().view, loaded.runs.length, pending?.at !== undefined),
          });
          // Where a link (a shared URL, a reload) points: selected once its file is in.
          const at = pending?.at;
          if (at)
            get().actions.navigate({
              run: at.run ?? 0,
              sub: at.sub ?? [],
              ...(at.step ? { step: at.step } : {}),
            });
        },
        runArrived: (index, history) => {
          const s = get();
          if (index !== s.historyIndex) return;
          set({ run: { index, history }, pendingNav: undefined });
          if (s.pendingNav)
            get().actions.navigate({ run: index, ...s.pendingNav, sub: [...s.pendingNav.sub] });
        },
        libraryStored: (id) => {
          const loaded = get().loaded;
          if (loaded && loaded.libraryId !== id)
            set({ loaded: { ...loaded, libraryId: id }, libraryNotice: undefined });
        },
        libraryFailed: (message) => set({ libraryNotice: message }),
        linkFailed: (message) => {
          if (get().linkNotice !== message) set({ linkNotice: message });
        },
        // A failed load keeps what was loaded before: the rest of the app keeps working.
        loadFailed: (message) =>
          set((s) => ({ status: s.loaded ? 'ready' : 'error', error: message, progress: 0 })),
        dismissError: () => {
          const s = get();
          if (s.error !== undefined)
            set({ error: undefined, status: s.loaded ? 'ready' : 'empty' });
        },
        countsArrived: (counts) => {
          const { counts: current, tokenizer, dialect } = get();
          if (counts.dialect !== dialect) return;
          // Another tokenizer's counts are of no use, but for the worker's chars/4 estimate while
          // the chosen tokenizer's are not in (a file just loaded, a change of tokenizer).
          if (
            counts.tokenizer !== tokenizer &&
            (counts.tokenizer !== 'heuristic' ||
              (current?.tokenizer === tokenizer && current.dialect === dialect))
          )
            return;
          // Exact counts replace the heuristic; a late heuristic never replaces exact counts.
          if (
            current?.exact &&
            !counts.exact &&
            current.tokenizer === counts.tokenizer &&
            current.dialect === counts.dialect
          )
            return;
          set({ counts });
        },
        selectHistory: (index) => {
          const n = get().loaded?.runs.length ?? 0;
          if (index < 0 || index >= n) return;
          // Picking a run from the overview (the palette, a run number) opens it.
          if (get().view === 'runs') return get().actions.openRun(index);
          if (index === get().historyIndex) return;
          set(anotherRun(index));
          fetchWanted();
        },
        navigate: ({ run, sub, step }) => {
          const s = get();
          const count = s.loaded?.runs.length ?? 0;
          const historyIndex = run >= 0 && run < count ? run : 0;
          // Another run: the worker sends it; the sub-agent and step apply when it is here.
          if (s.run?.index !== historyIndex) {
            set({
              historyIndex,
              childPath: [],
              selectedStepId: undefined,
              pendingNav: { sub, ...(step !== undefined ? { step } : {}) },
            });
            fetchWanted();
            return;
          }
          const childPath: string[] = [];
          for (const id of sub) {
            const next = historyAt({ run: s.run, historyIndex }, childPath)?.children?.find(
              (c) => c.history.id === id,
            );
            if (!next) break;
            childPath.push(id);
          }
          const shown = historyAt({ run: s.run, historyIndex }, childPath);
          const selectedStepId =
            step !== undefined && shown?.steps.some((x) => x.id === step) ? step : undefined;
          set({ historyIndex, childPath, selectedStepId });
        },
        openChild: (id) => {
          const current = currentHistory(get());
          if (!current?.children?.some((c) => c.history.id === id)) return;
          set({ childPath: [...get().childPath, id], selectedStepId: undefined });
        },
        backTo: (depth) => {
          const path = get().childPath;
          if (depth < 0 || depth >= path.length) return;
          // Coming back selects the step that spawned the sub-agent we leave.
          const parent = historyAt(get(), path.slice(0, depth));
          const spawned = parent?.children?.find((c) => c.history.id === path[depth])?.parentStepId;
          set({ childPath: path.slice(0, depth), selectedStepId: spawned });
        },
        selectStep: (id) => {
          if (get().selectedStepId !== id) set({ selectedStepId: id });
        },
        selectNextStep: (order) => moveSelection(order, 1),
        selectPreviousStep: (order) => moveSelection(order, -1),
        setTokenizer: (tokenizer) => {
          if (get().tokenizer !== tokenizer) set({ tokenizer, counts: undefined });
        },
        setDialect: (dialect) => {
          if (get().dialect !== dialect) set({ dialect });
        },
        setFilters: (filters) => set({ filters }),
        setModel: (model) => {
          if (get().model !== model) set({ model });
        },
        setPrices: (prices) => {
          if (get().prices !== prices) set({ prices });
        },
        setChoices: (choices) => set({ choices }),
        setCompareCall: (compareCall) => {
          if (get().compareCall !== compareCall) set({ compareCall });
        },
        setView: (view) => {
          if (get().view !== view) set({ view });
        },
        setGoal: (goal) => {
          if (get().goal !== goal) set({ goal });
        },
        setPlanVisibility: (id, visibility) => {
          const plan = get().plan;
          if ((plan.overrides[id] ?? 'full') !== visibility)
            set({ plan: withVisibility(plan, id, visibility) });
        },
        setPlanExpandAt: (id, typed) => {
          const plan = get().plan;
          if ((plan.expandAt[id] ?? '') === typed) return;
          const { [id]: _old, ...rest } = plan.expandAt;
          set({ plan: { ...plan, expandAt: typed === '' ? rest : { ...rest, [id]: typed } } });
        },
        setPlanToggles: (plan) => set({ plan }),
        setFleetSort: (sort) => {
          const { sort: _old, ...rest } = get().fleet;
          set({ fleet: sort ? { ...rest, sort } : rest });
        },
        setFleetCompareSort: (compareSort) => {
          const { compareSort: _old, ...rest } = get().fleet;
          set({ fleet: compareSort ? { ...rest, compareSort } : rest });
        },
        setFleetOutcome: (outcome) => {
          const { outcome: _old, ...rest } = get().fleet;
          set({ fleet: outcome ? { ...rest, outcome } : rest });
        },
        setFleetSearch: (search) => {
          if (get().fleet.search !== search) set({ fleet: { ...get().fleet, search } });
        },
        setFleetChoices: (choices) => {
          const { opened } = get().fleet;
          set({ fleet: { ...choices, ...(opened !== undefined ? { opened } : {}) } });
        },
        // One change of state, so the address bar gets one new entry (Back returns to the overview).
        openRun: (index) => {
          const s = get();
          const n = s.loaded?.runs.length ?? 0;
          if (index < 0 || index >= n) return;
          set({
            view: 'timeline',
            fleet: { ...s.fleet, opened: index },
            ...(index !== s.historyIndex ? anotherRun(index) : {}),
          });
          fetchWanted();
        },
        setFleetPanel: (panel) => {
          const { panel: _old, ...rest } = get().fleet;
          if ((get().fleet.panel ?? 'runs') !== panel)
            set({ fleet: panel === 'runs' ? rest : { ...rest, panel } });
        },
        compareOverFleet: () => {
          const { choices, fleet } = get();
          if (choices.length > 0) set({ fleet: { ...fleet, panel: 'compare', ran: choices } });
        },
        cancelFleetComparison: () => {
          const { ran: _old, ...rest } = get().fleet;
          if (get().fleet.ran) set({ fleet: rest });
        },
        // As openRun: one change of state, one new entry in the address bar, so Back returns.
        openRunComparison: (index) => {
          const s = get();
          const n = s.loaded?.runs.length ?? 0;
          if (index < 0 || index >= n) return;
          set({
            view: 'compare',
            choices: s.fleet.ran ?? s.choices,
            compareCall: undefined,
            fleet: { ...s.fleet, opened: index },
            ...(index !== s.historyIndex ? anotherRun(index) : {}),
          });
          fetchWanted();
        },
        pairWith: (files) => {
          const { pair } = get();
          if (files.length > 0) set({ pair: { ...pair, files, pick: pair.pick + 1 } });
        },
        closePair: () => {
          const { files: _b, ...rest } = get().pair;
          if (get().pair.files) set({ pair: rest });
        },
        setPairSort: (sort) => {
          const { sort: _old, ...rest } = get().pair;
          set({ pair: sort ? { ...rest, sort } : rest });
        },
        setPairPresets: (presets) => {
          if (presets.length > 0) set({ pair: { ...get().pair, presets: [...presets] } });
        },
        reset: () =>
          set({
            status: 'empty',
            progress: 0,
            error: undefined,
            loaded: undefined,
            run: undefined,
            pendingNav: undefined,
            counts: undefined,
            selectedStepId: undefined,
            historyIndex: 0,
            childPath: [],
          }),
      },
    };
  });
}

export { countsOf, type LoadedFile, type StepCounts } from './loaded';
