/**
 * What the store keeps of a loaded file (the worker owns the file itself): its runs summarized, where
 * it came from, and token counts per step, per history id. Re-exported by the store.
 */

import type { Dialect } from '../messages/types';
import type { RunSummary } from '../model/run-summary';
import { type TokenizerId } from '../tokens/tokenizer';

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
