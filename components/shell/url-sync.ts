/**
 * The one place the address bar is written: a store subscriber that puts `toParams(urlStateOf(state))`
 * in the URL whenever the state changes (a new history entry for navigation, a replacement for edits),
 * and the one place it is read back (`applyUrl`, on load and on Back/Forward).
 */
import { decodeChoices } from '../../lib/compare/config';
import { parsePriceOverrides } from '../../lib/pricing/overrides';
import type { DebuggerStore } from '../../lib/state/debugger-store';
import { NO_PLAN_TOGGLES } from '../../lib/state/plan-toggles';
import { NO_FLEET_CHOICES } from '../../lib/state/fleet-view';
import { fromParams, isNavigation, toParams, urlStateOf, type UrlState } from '../../lib/state/url';
import { DEFAULT_TOKENIZER } from '../../lib/tokens/tokenizer';
import type { Loader } from '../worker/loader';

export function readUrl(): UrlState {
  return fromParams(new URLSearchParams(window.location.search));
}

/**
 * Puts what a URL names into the store: view, filters, the comparison and its call, every other
 * choice (tokenizer, dialect, model, goal, plan toggles), and the run, sub-agent and step (once a
 * file is loaded). What cannot be used is said in one notice, and the rest applies. A new tokenizer
 * or dialect for a loaded file is counted again through `recount` (Back and Forward).
 */
export function applyUrl(store: DebuggerStore, url: UrlState, recount?: Loader['recount']): void {
  const a = store.getState().actions;
  const problems = [...(url.problems ?? [])];
  a.setFilters(url.filters);
  a.setView(url.view ?? 'timeline');
  if (url.call !== undefined) a.setCompareCall(url.call);
  if (url.compare !== undefined) {
    try {
      a.setChoices(decodeChoices(url.compare));
    } catch (error) {
      problems.push(`the comparison: ${(error as Error).message}`);
    }
  }
  if (url.prices !== undefined) {
    try {
      a.setPrices(parsePriceOverrides(url.prices));
    } catch (error) {
      problems.push(`the prices: ${(error as Error).message}`);
    }
  }
  a.setModel(url.model);
  a.setGoal(url.goal ?? 'cost');
  a.setPlanToggles(url.plan ?? NO_PLAN_TOGGLES);
  a.setFleetChoices(url.fleet ?? NO_FLEET_CHOICES);
  // The paired view's sort and presets; fleet B itself is files, which no address carries.
  a.setPairSort(url.pair?.sort);
  if (url.pair?.presets) a.setPairPresets(url.pair.presets);
  const counting = {
    tokenizer: url.tokenizer ?? DEFAULT_TOKENIZER,
    dialect: url.dialect ?? 'recorded',
  };
  const { tokenizer, dialect } = store.getState();
  if (counting.tokenizer !== tokenizer || counting.dialect !== dialect) {
    if (recount && store.getState().loaded) recount(counting);
    else {
      a.setTokenizer(counting.tokenizer);
      a.setDialect(counting.dialect);
    }
  }
  a.linkFailed(
    problems.length > 0
      ? `This link names what Stepscope cannot use: ${problems.join('; ')}.`
      : undefined,
  );
  if (store.getState().loaded)
    a.navigate({ run: url.run ?? 0, sub: url.sub, ...(url.step ? { step: url.step } : {}) });
}

/** Starts writing the URL from the store; returns the stop function and a way to apply a URL without echoing it back. */
export function startUrlSync(store: DebuggerStore, recount?: Loader['recount']) {
  let last = readUrl();
  let paused = false;
  const write = () => {
    const s = store.getState();
    // While the first file of this page loads, the URL still names it: keep it.
    if (paused || (s.status === 'loading' && !s.loaded)) return;
    // A run (or a link's sub-agent and step in it) on its way from the worker: written once it is here.
    if (s.loaded && (s.run?.index !== s.historyIndex || s.pendingNav)) return;
    const next = urlStateOf(s);
    const params = toParams(next).toString();
    if (params !== new URLSearchParams(window.location.search).toString()) {
      const url = `${window.location.pathname}${params ? `?${params}` : ''}`;
      if (isNavigation(last, next)) window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    }
    last = next;
  };
  const stop = store.subscribe(write);
  return {
    stop,
    /** Back and Forward: the state follows the URL, and the URL is not written meanwhile. */
    follow(url: UrlState) {
      paused = true;
      try {
        applyUrl(store, url, recount);
      } finally {
        paused = false;
      }
      last = url;
      write();
    },
  };
}
