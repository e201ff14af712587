/** The URL carries the example and the selected step, so reload and links come back to the same view. */
import { STEP_KINDS, type StepKind } from '../../lib/model/types';
import type { StepQuery } from '../../lib/model/query';
import type { View } from '../../lib/state/debugger-store';

export interface UrlState {
  sample?: string;
  /** A library entry (its content id): the file the user opened, kept in IndexedDB. */
  open?: string;
  step?: string;
  run?: number;
  /** Sub-agent path: child history ids, outermost first. */
  sub: string[];
  view?: View;
  filters: StepQuery;
  /** The compared strategies, encoded (lib/compare/config.ts). */
  compare?: string;
  /** The call whose context the compare view shows (its step index). */
  call?: number;
}

const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

export function readUrlState(): UrlState {
  if (typeof window === 'undefined') return { filters: {}, sub: [] };
  const p = new URLSearchParams(window.location.search);
  const kinds = (p.get('kinds') ?? '').split(',').filter((k): k is StepKind => (STEP_KINDS as readonly string[]).includes(k));
  const error = p.get('error');
  const filters: StepQuery = {
    ...(kinds.length > 0 ? { kinds } : {}),
    ...(p.get('tool') ? { tool: p.get('tool') as string } : {}),
    ...(error === '1' ? { withError: true } : error === '0' ? { withError: false } : {}),
    ...(int(p.get('from')) !== undefined ? { from: int(p.get('from')) } : {}),
    ...(int(p.get('to')) !== undefined ? { to: int(p.get('to')) } : {}),
    ...(p.get('q') ? { text: p.get('q') as string } : {}),
  };
  return {
    sample: p.get('sample') ?? undefined,
    open: p.get('open') ?? undefined,
    step: p.get('step') ?? undefined,
    run: int(p.get('run')),
    sub: (p.get('sub') ?? '').split('/').filter(Boolean).map(decodeURIComponent),
    view: p.get('view') === 'table' ? 'table' : p.get('view') === 'compare' ? 'compare' : p.get('view') === 'plan' ? 'plan' : undefined,
    filters,
    ...(p.get('compare') !== null ? { compare: p.get('compare') as string } : {}),
    ...(int(p.get('call')) !== undefined ? { call: int(p.get('call')) } : {}),
  };
}

/** The URL parameters of the view, run and filters. */
export function viewParams(state: { run: number; view: View; filters: StepQuery }): Record<string, string | undefined> {
  const f = state.filters;
  return {
    run: state.run > 0 ? String(state.run) : undefined,
    view: state.view === 'timeline' ? undefined : state.view,
    kinds: f.kinds?.length ? f.kinds.join(',') : undefined,
    tool: f.tool,
    error: f.withError === undefined ? undefined : f.withError ? '1' : '0',
    from: f.from === undefined ? undefined : String(f.from),
    to: f.to === undefined ? undefined : String(f.to),
    q: f.text || undefined,
  };
}

export const subParam = (path: readonly string[]) => (path.length === 0 ? undefined : path.map(encodeURIComponent).join('/'));

/**
 * Applies URL parameter changes in one history entry. Navigation (a step, a run, a view, a sub-agent)
 * pushes, so Back returns to it; typing in a filter replaces, so it does not flood the history.
 */
export function updateUrl(changes: Record<string, string | undefined>, mode: 'push' | 'replace') {
  const url = new URL(window.location.href);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  if (url.href === window.location.href) return;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

/**
 * A newly opened file starts a clean URL (only its example, if it is one). A comparison's
 * configuration is not about the data: it stays, so a shared link applies to the file the user opens.
 */
export function writeUrlSample(sample: string | undefined) {
  const before = new URLSearchParams(window.location.search);
  const url = new URL(window.location.origin + window.location.pathname);
  if (sample !== undefined) url.searchParams.set('sample', sample);
  for (const key of ['compare', 'call']) {
    const value = before.get(key);
    if (value !== null) url.searchParams.set(key, value);
  }
  const view = before.get('view');
  if (view === 'compare' || view === 'plan') url.searchParams.set('view', view);
  window.history.replaceState(null, '', url);
}

/** The open file is the library entry `id`: the URL names it (and no longer an example). */
export function writeUrlOpen(id: string) {
  updateUrl({ open: id, sample: undefined }, 'replace');
}
