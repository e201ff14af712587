/**
 * The URL as a pure function of the debugger's state, and back: which file (a bundled example or a
 * library entry), run, sub-agent path, step, view, filters, comparison, and every other choice (the
 * tokenizer, the dialect, the model, the ranking goal, the plan view's toggles). `fromParams` reads a
 * link; `toParams` writes the canonical one; `urlStateOf` derives it from the store, so one
 * subscriber keeps the address bar in step with whatever changed the state. No `window` here: the
 * app wires it once.
 *
 * The choices added with issue 25 are strict: an unknown value is a problem naming it and what is
 * known (`problems`), which the app shows, as it does for a comparison it cannot decode; the older
 * parameters keep ignoring what they do not know.
 */
import { decodeChoices, encodeChoices } from '../compare/config';
import { GOALS, type Goal } from '../compare/ranking';
import { DIALECTS, type Dialect } from '../messages/types';
import type { StepQuery } from '../model/query';
import { STEP_KINDS, type StepKind } from '../model/types';
import { DEFAULT_TOKENIZER, TOKENIZERS, type TokenizerId } from '../tokens/tokenizer';
import type { DebuggerState, View } from './debugger-store';
import {
  decodeCompareSort,
  decodeFleetSort,
  encodeCompareSort,
  encodeFleetSort,
  FLEET_PANELS,
  isOutcomeKind,
  type FleetChoices,
} from './fleet-view';
import { OUTCOME_KINDS } from '../model/run-summary';
import { decodePlanToggles, encodePlanToggles, type PlanToggles } from './plan-toggles';
import {
  DEFAULT_PAIR_PRESETS,
  decodePairPresets,
  decodePairSort,
  encodePairSort,
  type PairSort,
} from './pair-view';
import { PRESETS } from '../compare/presets';

export interface UrlState {
  /** A bundled example's id. */
  readonly sample?: string;
  /** A library entry (its content id): the file the user opened, kept in IndexedDB. */
  readonly open?: string;
  readonly run?: number;
  /** Sub-agent path: child history ids, outermost first. */
  readonly sub: readonly string[];
  readonly step?: string;
  readonly view?: View;
  readonly filters: StepQuery;
  /** The compared strategies, encoded (lib/compare/config.ts). */
  readonly compare?: string;
  /** The call whose context the compare view shows (its step index). */
  readonly call?: number;
  /** The user's prices, as `--prices` takes them (JSON). */
  readonly prices?: string;
  /** The tokenizer counting the steps (absent: the default). */
  readonly tokenizer?: TokenizerId;
  /** The dialect the steps are counted and shown in (absent: as recorded). */
  readonly dialect?: Dialect;
  /** The model whose window and prices apply (absent: the history's own). */
  readonly model?: string;
  /** What the compare view ranks by (absent: cost). */
  readonly goal?: Goal;
  /** The plan view's toggles (absent: every plan step in full). */
  readonly plan?: PlanToggles;
  /** The runs overview's sort, outcome filter and search (absent: the file's order, every run). */
  readonly fleet?: Omit<FleetChoices, 'opened'>;
  /** The paired view's sort and presets (absent: by task, the default presets). Fleet B is no part of a link. */
  readonly pair?: { readonly sort?: PairSort; readonly presets?: readonly string[] };
  /** What in the link could not be used, each naming the value and what is known. */
  readonly problems?: readonly string[];
}

const VIEWS: readonly View[] = ['timeline', 'table', 'usage', 'compare', 'plan', 'runs'];
const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

/** One of `known`, or a problem naming the value and what is known. */
function strictParam<T extends string>(
  p: URLSearchParams,
  name: string,
  what: string,
  known: readonly T[],
  problems: string[],
): T | undefined {
  const value = p.get(name);
  if (value === null) return undefined;
  if ((known as readonly string[]).includes(value)) return value as T;
  problems.push(`unknown ${what} "${value}" (${name}=; known: ${known.join(', ')})`);
  return undefined;
}

/**
 * A `name=` value decoded, or undefined with the decoder's message among the problems (after
 * `what (name=): ` when the message does not name the parameter itself).
 */
function decodedParam<T>(
  p: URLSearchParams,
  name: string,
  decode: (text: string) => T,
  problems: string[],
  what?: string,
): T | undefined {
  const text = p.get(name);
  if (text === null) return undefined;
  try {
    return decode(text);
  } catch (error) {
    const message = (error as Error).message;
    problems.push(what ? `${what} (${name}=): ${message}` : message);
    return undefined;
  }
}

/** The runs overview's choices (issue 26), strict as the choices of issue 25 are. */
function fleetFromParams(p: URLSearchParams, problems: string[]): Omit<FleetChoices, 'opened'> {
  const sort = decodedParam(p, 'runsort', decodeFleetSort, problems);
  const compareSort = decodedParam(p, 'cmpsort', decodeCompareSort, problems);
  const outcomeText = p.get('outcome');
  if (outcomeText !== null && !isOutcomeKind(outcomeText))
    problems.push(
      `unknown outcome "${outcomeText}" (outcome=; known: ${OUTCOME_KINDS.join(', ')})`,
    );
  const outcome = outcomeText !== null && isOutcomeKind(outcomeText) ? outcomeText : undefined;
  const panel = strictParam(p, 'runtab', 'runs panel', FLEET_PANELS, problems);
  const ran = decodedParam(p, 'fleetcompare', decodeChoices, problems, 'the fleet comparison');
  return {
    ...(sort ? { sort } : {}),
    ...(compareSort ? { compareSort } : {}),
    ...(outcome ? { outcome } : {}),
    search: p.get('runq') ?? '',
    ...(panel && panel !== 'runs' ? { panel } : {}),
    ...(ran && ran.length > 0 ? { ran } : {}),
  };
}

/** Whether the overview's choices differ from its defaults (then the URL carries them). */
const fleetChosen = (f: Omit<FleetChoices, 'opened'>) =>
  f.sort !== undefined ||
  f.compareSort !== undefined ||
  f.outcome !== undefined ||
  f.search !== '' ||
  f.panel !== undefined ||
  f.ran !== undefined;

/** The paired view's `pairsort=` and `pairwith=` (strict, as the overview's choices are). */
function pairFromParams(p: URLSearchParams, problems: string[]): NonNullable<UrlState['pair']> {
  let sort: PairSort | undefined;
  let presets: string[] | undefined;
  const sortText = p.get('pairsort');
  if (sortText !== null) {
    try {
      sort = decodePairSort(sortText);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  const presetsText = p.get('pairwith');
  if (presetsText !== null) {
    try {
      presets = decodePairPresets(
        presetsText,
        PRESETS.map((x) => x.id),
      );
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { ...(sort ? { sort } : {}), ...(presets ? { presets } : {}) };
}

/** The choices beside the data: tokenizer, dialect, model, goal, plan toggles. */
function choicesFromParams(p: URLSearchParams): Partial<UrlState> {
  const problems: string[] = [];
  const tokenizer = strictParam(p, 'tokenizer', 'tokenizer', TOKENIZERS, problems);
  const dialect = strictParam(p, 'dialect', 'dialect', DIALECTS, problems);
  const goal = strictParam(p, 'goal', 'ranking goal', GOALS, problems);
  const model = p.get('model');
  if (model === '') problems.push('an empty model (model=; name a model, or leave it out)');
  let plan: PlanToggles | undefined;
  const planText = p.get('plan');
  if (planText !== null) {
    try {
      plan = decodePlanToggles(planText);
    } catch (error) {
      problems.push(`plan toggles (plan=): ${(error as Error).message}`);
    }
  }
  const fleet = fleetFromParams(p, problems);
  const pair = pairFromParams(p, problems);
  return {
    ...(tokenizer ? { tokenizer } : {}),
    ...(dialect ? { dialect } : {}),
    ...(model ? { model } : {}),
    ...(goal ? { goal } : {}),
    ...(plan ? { plan } : {}),
    ...(fleetChosen(fleet) ? { fleet } : {}),
    ...(pair.sort || pair.presets ? { pair } : {}),
    ...(problems.length > 0 ? { problems } : {}),
  };
}

export function fromParams(p: URLSearchParams): UrlState {
  const kinds = (p.get('kinds') ?? '')
    .split(',')
    .filter((k): k is StepKind => (STEP_KINDS as readonly string[]).includes(k));
  const error = p.get('error');
  const filters: StepQuery = {
    ...(kinds.length > 0 ? { kinds } : {}),
    ...(p.get('tool') ? { tool: p.get('tool') as string } : {}),
    ...(error === '1' ? { withError: true } : error === '0' ? { withError: false } : {}),
    ...(int(p.get('from')) !== undefined ? { from: int(p.get('from')) } : {}),
    ...(int(p.get('to')) !== undefined ? { to: int(p.get('to')) } : {}),
    ...(p.get('q') ? { text: p.get('q') as string } : {}),
  };
  const view = p.get('view');
  const sub = p.get('sub');
  return {
    ...(p.get('sample') ? { sample: p.get('sample') as string } : {}),
    ...(p.get('open') ? { open: p.get('open') as string } : {}),
    ...(int(p.get('run')) !== undefined ? { run: int(p.get('run')) } : {}),
    sub: sub ? sub.split('/').filter(Boolean).map(decodeURIComponent) : [],
    ...(p.get('step') ? { step: p.get('step') as string } : {}),
    ...(view && (VIEWS as readonly string[]).includes(view) ? { view: view as View } : {}),
    filters,
    ...(p.get('compare') !== null ? { compare: p.get('compare') as string } : {}),
    ...(int(p.get('call')) !== undefined ? { call: int(p.get('call')) } : {}),
    ...(p.get('prices') ? { prices: p.get('prices') as string } : {}),
    ...choicesFromParams(p),
  };
}

/** The canonical parameters, in a fixed order; defaults (run 0, the timeline, no filter) are left out. */
export function toParams(s: UrlState): URLSearchParams {
  const f = s.filters;
  const entries: [string, string | undefined][] = [
    ['sample', s.sample],
    ['open', s.open],
    ['run', s.run ? String(s.run) : undefined],
    ['sub', s.sub.length > 0 ? s.sub.map(encodeURIComponent).join('/') : undefined],
    ['step', s.step],
    ['view', s.view === 'timeline' ? undefined : s.view],
    ['kinds', f.kinds?.length ? f.kinds.join(',') : undefined],
    ['tool', f.tool || undefined],
    ['error', f.withError === undefined ? undefined : f.withError ? '1' : '0'],
    ['from', f.from === undefined ? undefined : String(f.from)],
    ['to', f.to === undefined ? undefined : String(f.to)],
    ['q', f.text || undefined],
    ['compare', s.compare || undefined],
    ['call', s.call === undefined ? undefined : String(s.call)],
    ['prices', s.prices || undefined],
    ['tokenizer', s.tokenizer === DEFAULT_TOKENIZER ? undefined : s.tokenizer],
    ['dialect', s.dialect === 'recorded' ? undefined : s.dialect],
    ['model', s.model || undefined],
    ['goal', s.goal === 'cost' ? undefined : s.goal],
    ['plan', s.plan ? encodePlanToggles(s.plan) : undefined],
    ['runsort', s.fleet?.sort ? encodeFleetSort(s.fleet.sort) : undefined],
    ['outcome', s.fleet?.outcome],
    ['runq', s.fleet?.search || undefined],
    ['runtab', s.fleet?.panel],
    ['fleetcompare', s.fleet?.ran ? encodeChoices(s.fleet.ran) : undefined],
    ['cmpsort', s.fleet?.compareSort ? encodeCompareSort(s.fleet.compareSort) : undefined],
    ['pairsort', s.pair?.sort ? encodePairSort(s.pair.sort) : undefined],
    ['pairwith', s.pair?.presets ? s.pair.presets.join(',') : undefined],
  ];
  return new URLSearchParams(entries.filter((e): e is [string, string] => e[1] !== undefined));
}

/** The store's fields the URL is derived from. */
export type UrlSource = Pick<
  DebuggerState,
  | 'loaded'
  | 'historyIndex'
  | 'childPath'
  | 'selectedStepId'
  | 'view'
  | 'filters'
  | 'choices'
  | 'compareCall'
  | 'prices'
  | 'tokenizer'
  | 'dialect'
  | 'model'
  | 'goal'
  | 'plan'
  | 'fleet'
  | 'pair'
>;

/** The choices that are not about the data (a shared link applies them to any file). */
function configOf(s: UrlSource): Partial<UrlState> {
  const compare = s.choices.length > 0 ? encodeChoices(s.choices) : undefined;
  return {
    ...(compare ? { compare } : {}),
    ...(s.compareCall !== undefined ? { call: s.compareCall } : {}),
    ...(s.prices && Object.keys(s.prices).length > 0 ? { prices: JSON.stringify(s.prices) } : {}),
    ...(s.tokenizer !== DEFAULT_TOKENIZER ? { tokenizer: s.tokenizer } : {}),
    ...(s.dialect !== 'recorded' ? { dialect: s.dialect } : {}),
    ...(s.model ? { model: s.model } : {}),
    ...(s.goal !== 'cost' ? { goal: s.goal } : {}),
  };
}

/**
 * The URL of the state on screen. With no file loaded only the configuration stays (it is not about
 * the data: a shared link applies it to the file the user opens next); the plan view's toggles name
 * plan steps of the file, so they go with it.
 */
export function urlStateOf(s: UrlSource): UrlState {
  const config = configOf(s);
  if (!s.loaded)
    return {
      sub: [],
      filters: {},
      ...(s.view === 'compare' || s.view === 'plan' ? { view: s.view } : {}),
      ...config,
    };
  // The overview is of every run: no run, sub-agent or step in its address.
  const overview = s.view === 'runs';
  const { opened: _opened, ...fleet } = s.fleet;
  return {
    ...(s.loaded.libraryId
      ? { open: s.loaded.libraryId }
      : s.loaded.sample
        ? { sample: s.loaded.sample }
        : {}),
    ...(s.historyIndex > 0 && !overview ? { run: s.historyIndex } : {}),
    sub: overview ? [] : s.childPath,
    ...(s.selectedStepId && !overview ? { step: s.selectedStepId } : {}),
    view: s.view,
    filters: s.filters,
    ...config,
    ...(encodePlanToggles(s.plan) !== undefined ? { plan: s.plan } : {}),
    ...(fleetChosen(fleet) ? { fleet } : {}),
    ...pairOf(s.pair),
  };
}

/** The paired view's choices that differ from the defaults (absent when none does). */
function pairOf(pair: UrlSource['pair']): Pick<UrlState, 'pair'> {
  const presets =
    pair.presets.join(',') === DEFAULT_PAIR_PRESETS.join(',') ? undefined : pair.presets;
  if (!pair.sort && !presets) return {};
  return { pair: { ...(pair.sort ? { sort: pair.sort } : {}), ...(presets ? { presets } : {}) } };
}

/** Whether going from one URL to the next is navigation (a new history entry, so Back returns) or an edit. */
export function isNavigation(before: UrlState, after: UrlState): boolean {
  // A new file starts clean: replacing keeps Back from walking through half-loaded states.
  if (before.sample !== after.sample || before.open !== after.open) return false;
  return (
    before.run !== after.run ||
    before.step !== after.step ||
    before.view !== after.view ||
    before.sub.join('/') !== after.sub.join('/')
  );
}
