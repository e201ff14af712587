/**
 * The URL as a pure function of the debugger's state, and back: which file (a bundled example or a
 * library entry), run, sub-agent path, step, view, filters and comparison. `fromParams` reads a link;
 * `toParams` writes the canonical one; `urlStateOf` derives it from the store, so one subscriber keeps
 * the address bar in step with whatever changed the state. No `window` here: the app wires it once.
 */
import { encodeChoices } from '../compare/config';
import type { StepQuery } from '../model/query';
import { STEP_KINDS, type StepKind } from '../model/types';
import type { DebuggerState, View } from './debugger-store';

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
}

const VIEWS: readonly View[] = ['timeline', 'table', 'usage', 'compare', 'plan'];
const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

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
  ];
  return new URLSearchParams(entries.filter((e): e is [string, string] => e[1] !== undefined));
}

/**
 * The URL of the state on screen. With no file loaded only the comparison's configuration stays (it
 * is not about the data: a shared link applies it to the file the user opens next).
 */
export function urlStateOf(
  s: Pick<
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
  >,
): UrlState {
  const compare = s.choices.length > 0 ? encodeChoices(s.choices) : undefined;
  const config = {
    ...(compare ? { compare } : {}),
    ...(s.compareCall !== undefined ? { call: s.compareCall } : {}),
    ...(s.prices && Object.keys(s.prices).length > 0 ? { prices: JSON.stringify(s.prices) } : {}),
  };
  if (!s.loaded)
    return {
      sub: [],
      filters: {},
      ...(s.view === 'compare' || s.view === 'plan' ? { view: s.view } : {}),
      ...config,
    };
  return {
    ...(s.loaded.libraryId
      ? { open: s.loaded.libraryId }
      : s.loaded.sample
        ? { sample: s.loaded.sample }
        : {}),
    ...(s.historyIndex > 0 ? { run: s.historyIndex } : {}),
    sub: s.childPath,
    ...(s.selectedStepId ? { step: s.selectedStepId } : {}),
    view: s.view,
    filters: s.filters,
    ...config,
  };
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
