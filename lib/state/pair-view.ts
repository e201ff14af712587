/**
 * The paired view's choices (the runs overview of fleet A paired with a fleet B the user picked):
 * B's files as picked, the presets compared on both fleets, and the column the paired table sorts
 * by. The files are what the user chose (the worker reads them); they cannot be written in a URL, so
 * a link or reload keeps the sort and presets and asks for B again. Strict in the URL as the
 * overview's choices are (lib/state/url.ts): an unknown column or preset is a problem naming the
 * known ones.
 */

/** A picked file and its path in the picked folder (lib/worker/protocol.ts `PickedFile`'s shape). */
export interface PairFile {
  readonly file: File;
  readonly path: string;
}

/** The columns the paired table sorts by, as the URL names them. */
export const PAIR_SORT_KEYS = [
  'task',
  'steps',
  'dsteps',
  'input',
  'dinput',
  'dcost',
  'solved',
] as const;
export type PairSortKey = (typeof PAIR_SORT_KEYS)[number];

export interface PairSort {
  readonly by: PairSortKey;
  readonly desc: boolean;
}

/** What the paired view compares on both fleets first: three presets of different kinds, cheap to run. */
export const DEFAULT_PAIR_PRESETS: readonly string[] = [
  'observation-masking-m10',
  'tinyagent-last-5',
  'anthropic-clear-tool-uses',
];

export interface PairChoices {
  /** Fleet B as picked; absent: no pair (the overview shows the button to pick one). */
  readonly files?: readonly PairFile[];
  /** Counts the picks, so the worker reads a new pick's files once (the files are no key). */
  readonly pick: number;
  readonly presets: readonly string[];
  /** Absent: by task. */
  readonly sort?: PairSort;
}

export const NO_PAIR_CHOICES: PairChoices = { pick: 0, presets: DEFAULT_PAIR_PRESETS };

/** `dinput` ascending, `-dinput` descending (the URL's `pairsort=`). */
export function encodePairSort(sort: PairSort): string {
  return `${sort.desc ? '-' : ''}${sort.by}`;
}

/** The sort a `pairsort=` value names; throws naming the known columns when it names none. */
export function decodePairSort(text: string): PairSort {
  const desc = text.startsWith('-');
  const name = desc ? text.slice(1) : text;
  const by = PAIR_SORT_KEYS.find((k) => k === name);
  if (by === undefined)
    throw new Error(
      `unknown paired column "${name}" (pairsort=; known: ${PAIR_SORT_KEYS.join(', ')}, with - for descending)`,
    );
  return { by, desc };
}

/** The presets a `pairwith=` value names (comma-separated); throws naming the known ones. */
export function decodePairPresets(text: string, known: readonly string[]): string[] {
  const ids = text.split(',').filter((id) => id !== '');
  const unknown = ids.find((id) => !known.includes(id));
  if (unknown !== undefined)
    throw new Error(`unknown preset "${unknown}" (pairwith=; known: ${known.join(', ')})`);
  if (ids.length === 0) throw new Error('no preset (pairwith=; name one or more, comma-separated)');
  return [...new Set(ids)];
}
