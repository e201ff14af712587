/**
 * A run as a list of runs shows it (the run picker; the worker sends one per run of a loaded file
 * and keeps the runs themselves).
 */
import type { HistoryFile } from './types';

/** One run of a loaded file as the run picker lists it; the worker holds the run itself. */
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
