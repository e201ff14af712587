/**
 * Links back into a library entry: a saved comparison reopens on the run (and sub-agent) it was
 * saved on with every choice it was saved with (tokenizer, dialect, model, goal, call, prices), and
 * an entry reopens where the user left it. Both are URLs as `lib/state/url.ts` defines them, so a
 * saved link and a shared one are read by the same code.
 */
import { decodeChoices, encodeChoices, type StrategyChoice } from '../compare/config';
import { fromParams, toParams, urlStateOf, type UrlSource, type UrlState } from './url';

/** What a saved comparison keeps beside the file it is for. */
export interface SavedComparisonLink {
  /** The strategies, encoded as the URL's `compare`. */
  readonly choices: string;
  /** The run it was saved on (an index into the file's runs). */
  readonly run: number;
  /** The rest of what was on screen, as URL parameters (sub-agent, call, tokenizer, dialect, model, goal, prices). */
  readonly settings: string;
  /** `fleet`: compared over every run of the file (absent: on `run`). */
  readonly scope?: 'run' | 'fleet';
}

/** The comparison on screen, as the library keeps it. */
export function savedComparisonOf(s: UrlSource): SavedComparisonLink {
  const { compare, ...rest } = urlStateOf(s);
  const settings: UrlState = {
    sub: rest.sub,
    filters: {},
    ...(rest.call !== undefined ? { call: rest.call } : {}),
    ...(rest.prices ? { prices: rest.prices } : {}),
    ...(rest.tokenizer ? { tokenizer: rest.tokenizer } : {}),
    ...(rest.dialect ? { dialect: rest.dialect } : {}),
    ...(rest.model ? { model: rest.model } : {}),
    ...(rest.goal ? { goal: rest.goal } : {}),
  };
  return { choices: compare ?? '', run: s.historyIndex, settings: toParams(settings).toString() };
}

/**
 * A fleet comparison as the library keeps it: the strategies the fleet ran and how its runs were
 * counted and priced (tokenizer, dialect, model, prices); the file is the fleet's (all its runs).
 */
export function savedFleetComparisonOf(
  s: UrlSource,
  ran: readonly StrategyChoice[],
): SavedComparisonLink {
  const { settings } = savedComparisonOf(s);
  const kept = new URLSearchParams(settings);
  // A sub-agent or a call belongs to one run, not to the fleet.
  kept.delete('sub');
  kept.delete('call');
  kept.delete('goal');
  return { choices: encodeChoices(ran), run: 0, settings: kept.toString(), scope: 'fleet' };
}

/**
 * The address that reopens a saved comparison: its file, run and choices, in the compare view; a
 * fleet comparison on the runs overview's comparison panel, run again over the fleet.
 */
export function savedComparisonHref(c: SavedComparisonLink & { readonly fileId: string }): string {
  const { problems: _problems, ...settings } = fromParams(new URLSearchParams(c.settings));
  if (c.scope === 'fleet') {
    const ran = c.choices ? decodeChoices(c.choices) : [];
    const fleet: UrlState = {
      ...settings,
      open: c.fileId,
      view: 'runs',
      ...(c.choices ? { compare: c.choices } : {}),
      fleet: { search: '', panel: 'compare', ...(ran.length > 0 ? { ran } : {}) },
    };
    return `/?${toParams(fleet).toString()}`;
  }
  const url: UrlState = {
    ...settings,
    open: c.fileId,
    ...(c.run > 0 ? { run: c.run } : {}),
    view: 'compare',
    ...(c.choices ? { compare: c.choices } : {}),
  };
  return `/?${toParams(url).toString()}`;
}

/** Where the user was in a file: its run, sub-agent and step. */
export interface Place {
  readonly run: number;
  readonly sub: readonly string[];
  readonly step?: string;
}

/** The place on screen, when a file is open. */
export function placeOf(
  s: Pick<UrlSource, 'loaded' | 'historyIndex' | 'childPath' | 'selectedStepId'>,
): Place | undefined {
  if (!s.loaded) return undefined;
  return {
    run: s.historyIndex,
    sub: s.childPath,
    ...(s.selectedStepId !== undefined ? { step: s.selectedStepId } : {}),
  };
}

/** The address that reopens a library entry, where the user left it when that is known. */
export function libraryEntryHref(fileId: string, place?: Place): string {
  const url: UrlState = {
    open: fileId,
    ...(place && place.run > 0 ? { run: place.run } : {}),
    sub: place?.sub ?? [],
    ...(place?.step !== undefined ? { step: place.step } : {}),
    filters: {},
  };
  return `/?${toParams(url).toString()}`;
}
