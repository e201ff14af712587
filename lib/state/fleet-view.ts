/**
 * The fleet overview's choices (the "Runs" view of a file or folder of many runs): the column it
 * sorts by, the outcome it shows, what its search box holds, and the run last opened from it, so
 * Back returns to the same rows with that run in view. Their form in the URL is strict: an unknown
 * column or outcome is a problem naming what is known (lib/state/url.ts).
 */
import type { StrategyChoice } from '../compare/config';
import { OUTCOME_KINDS, type OutcomeKind } from '../model/run-summary';

/** The columns the overview sorts by, as the URL names them. */
export const FLEET_SORT_KEYS = [
  'run',
  'steps',
  'calls',
  'input',
  'peak',
  'over',
  'cost',
  'outcome',
  'model',
] as const;
export type FleetSortKey = (typeof FLEET_SORT_KEYS)[number];

export interface FleetSort {
  readonly by: FleetSortKey;
  readonly desc: boolean;
}

/**
 * The fleet comparison's per-run table sort: one of its fixed columns, or `s<k>`, the k-th
 * strategy's saving (its column in the order the strategies ran).
 */
export interface FleetCompareSort {
  readonly by: string;
  readonly desc: boolean;
}

/** The per-run table's columns before the strategies'. */
export const FLEET_COMPARE_SORT_KEYS = ['run', 'outcome', 'baseline'] as const;

export interface FleetChoices {
  /** Absent: the file's order. */
  readonly sort?: FleetSort;
  /** The fleet comparison's per-run table sort (absent: the file's order). */
  readonly compareSort?: FleetCompareSort;
  /** Only runs that ended this way; absent: every run. */
  readonly outcome?: OutcomeKind;
  /** Runs whose id, title, model or outcome holds this text (case-insensitive); '' for all. */
  readonly search: string;
  /** The run last opened from the overview (its index in the file): in view when the overview returns. */
  readonly opened?: number;
  /** `compare`: the comparison of strategies over the fleet is on screen (absent: the runs). */
  readonly panel?: FleetPanel;
  /**
   * The strategies the fleet comparison was asked to run over every run (absent: not run yet).
   * Apart from the strategies being edited (`choices`): a fleet is compared when the user says so.
   */
  readonly ran?: readonly StrategyChoice[];
}

/** What the overview shows: its runs, or the strategies compared over them. */
export const FLEET_PANELS = ['runs', 'compare'] as const;
export type FleetPanel = (typeof FLEET_PANELS)[number];

export const NO_FLEET_CHOICES: FleetChoices = { search: '' };

/** `input` ascending, `-input` descending (the URL's `runsort=`). */
export function encodeFleetSort(sort: FleetSort): string {
  return `${sort.desc ? '-' : ''}${sort.by}`;
}

/** The sort a `runsort=` value names; throws naming the known columns when it names none. */
export function decodeFleetSort(text: string): FleetSort {
  const desc = text.startsWith('-');
  const name = desc ? text.slice(1) : text;
  const by = FLEET_SORT_KEYS.find((k) => k === name);
  if (by === undefined)
    throw new Error(
      `unknown run column "${name}" (runsort=; known: ${FLEET_SORT_KEYS.join(', ')}, with - for descending)`,
    );
  return { by, desc };
}

/** `s0` ascending, `-baseline` descending (the URL's `cmpsort=`). */
export function encodeCompareSort(sort: FleetCompareSort): string {
  return `${sort.desc ? '-' : ''}${sort.by}`;
}

/** The sort a `cmpsort=` value names; throws naming the known columns when it names none. */
export function decodeCompareSort(text: string): FleetCompareSort {
  const desc = text.startsWith('-');
  const by = desc ? text.slice(1) : text;
  if (!(FLEET_COMPARE_SORT_KEYS as readonly string[]).includes(by) && !/^s\d+$/.test(by))
    throw new Error(
      `unknown compared-run column "${by}" (cmpsort=; known: ${FLEET_COMPARE_SORT_KEYS.join(', ')}, or s0, s1, … for a strategy's column, with - for descending)`,
    );
  return { by, desc };
}

/** Whether `text` names an outcome kind. */
export function isOutcomeKind(text: string): text is OutcomeKind {
  return (OUTCOME_KINDS as readonly string[]).includes(text);
}
