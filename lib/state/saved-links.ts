/**
 * Links back into a library entry: a saved comparison reopens on the run (and sub-agent) it was
 * saved on with every choice it was saved with (tokenizer, dialect, model, goal, call, prices), and
 * an entry reopens where the user left it. Both are URLs as `lib/state/url.ts` defines them, so a
 * saved link and a shared one are read by the same code.
 */
import { fromParams, toParams, urlStateOf, type UrlSource, type UrlState } from './url';

/** What a saved comparison keeps beside the file it is for. */
export interface SavedComparisonLink {
  /** The strategies, encoded as the URL's `compare`. */
  readonly choices: string;
  /** The run it was saved on (an index into the file's runs). */
  readonly run: number;
  /** The rest of what was on screen, as URL parameters (sub-agent, call, tokenizer, dialect, model, goal, prices). */
  readonly settings: string;
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

/** The address that reopens a saved comparison: its file, run and choices, in the compare view. */
export function savedComparisonHref(c: SavedComparisonLink & { readonly fileId: string }): string {
  const { problems: _problems, ...settings } = fromParams(new URLSearchParams(c.settings));
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
