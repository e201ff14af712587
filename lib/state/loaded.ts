/**
 * What the store keeps of a loaded file (the worker owns the file itself): its runs summarized, where
 * it came from, and token counts per step, per history id. Re-exported by the store.
 */

import type { Dialect } from '../messages/types';
import type { HistoryFile } from '../model/types';
import { type TokenizerId } from '../tokens/tokenizer';

/** One run of the loaded file as the run picker lists it; the worker holds the run itself. */
export interface RunSummary {
  readonly id: string;
  readonly title?: string;
  readonly steps: number;
  readonly outcome?: string;
}

/** The runs of a file, summarized (the worker owns the file; the page gets the run on screen). */
export function summarizeRuns(file: HistoryFile): RunSummary[] {
  return file.histories.map((h) => ({
    id: h.id,
    steps: h.steps.length,
    ...(h.title ? { title: h.title } : {}),
    ...(h.outcome ? { outcome: h.outcome } : {}),
  }));
}

export interface LoadedFile {
  readonly name: string;
  readonly format: string;
  /** Every run, summarized. */
  readonly runs: readonly RunSummary[];
  readonly warnings: readonly string[];
  /** Its library entry, once it is kept there (bundled examples are not). */
  readonly libraryId?: string;
  /** The bundled example it is, if it is one. */
  readonly sample?: string;
}

/** Tokens per step, per history id, for one tokenizer and dialect. `exact: false` while only the heuristic is in. */
export interface StepCounts {
  readonly tokenizer: TokenizerId;
  readonly dialect: Dialect;
  readonly exact: boolean;
  readonly byHistory: Readonly<Record<string, readonly number[]>>;
}

/** A history's counts, looked up as an own key (ids come from files: "constructor" is an id too). */
export function countsOf(
  counts: StepCounts | undefined,
  historyId: string | undefined,
): readonly number[] | undefined {
  return counts && historyId !== undefined && Object.hasOwn(counts.byHistory, historyId)
    ? counts.byHistory[historyId]
    : undefined;
}
