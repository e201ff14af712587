/**
 * What the history worker does with files before and after importing them: read picked files in
 * chunks, parse texts, count every step of every run, find a run and its sub-agent, open the library.
 * Free of worker globals, like the handler (handle-request.ts) that uses them.
 */

import { parseSource, readSource, type ParsedSource } from '../import';
import type { History, HistoryFile, Step } from '../model/types';
import { loadCounts, PREPARED_STRATEGIES, prepareIndexes } from '../strategies/load-index';
import type { StepTokens } from '../tokens/step-tokens';
import { IdentifierIndex } from '../compare/identifier-fold';
import { LibraryError, type Library, type StoredPart } from '../library/library';
import type { PickedFile } from './protocol';

export async function openOrExplain(
  library: (() => Promise<Library>) | undefined,
): Promise<Library> {
  if (!library) throw new LibraryError('The library is not available here');
  return library();
}

/** Every step of a file, sub-agents' included. */
export function* allSteps(file: HistoryFile): Generator<Step> {
  const visit = function* (h: History): Generator<Step> {
    yield* h.steps;
    for (const c of h.children ?? []) yield* visit(c.history);
  };
  for (const h of file.histories) yield* visit(h);
}

/**
 * Per-step counts of every history, with `tokens` (in the dialect the page shows), each run loaded
 * through the strategies' load (load-index.ts); the indexes are built apart, once a view that
 * applies strategies is open (`prepareAll`).
 */
export function countAll(
  file: HistoryFile,
  tokens: StepTokens,
  onProgress: (done: number) => void,
): Record<string, number[]> {
  // Keyed by history ids from the file: "__proto__" or "constructor" must be plain keys.
  const out = Object.create(null) as Record<string, number[]>;
  let done = 0;
  const onStep = () => {
    done++;
    if (done % 500 === 0) onProgress(done);
  };
  const visit = (h: History) => {
    out[h.id] = loadCounts(h.steps, tokens, { strategies: [], onStep });
    for (const c of h.children ?? []) visit(c.history);
  };
  for (const h of file.histories) visit(h);
  return out;
}

/**
 * What applying strategies to a loaded file reads first, once its counts are in and the page has
 * opened a view that applies them (handle-request.ts `prepare`): the run's indexes and default
 * variants for the strategies that build them at load (load-index.ts), then the comparison's
 * identifier index (compare/identifier-fold.ts), sub-agents' too, so the first strategy the user
 * picks applies at once and a first comparison does not scan the run's text. One strategy at a
 * time, a task each: a request that arrives meanwhile (the user picked a strategy) is answered
 * between two, not after them all, and builds what it needs itself from the same per-list caches.
 * Stops when `wanted` says the file was replaced. A file of several runs (a fleet) is compared run
 * after run, in bulk: there this would only build the same indexes earlier, and hold every run's,
 * whatever strategies are picked.
 */
export async function prepareAll(
  file: HistoryFile,
  tokens: StepTokens,
  wanted: () => boolean = () => true,
): Promise<void> {
  if (file.histories.length !== 1) return;
  const lists: (readonly Step[])[] = [];
  const visit = (h: History) => {
    lists.push(h.steps);
    for (const c of h.children ?? []) visit(c.history);
  };
  for (const h of file.histories) visit(h);
  const preparations = [
    ...PREPARED_STRATEGIES.map(
      (id) => (steps: readonly Step[]) => prepareIndexes(steps, tokens, [id]),
    ),
    // The comparison's lost-identifier index (strategy-independent): a first comparison only folds.
    (steps: readonly Step[]) => IdentifierIndex.prepare(steps),
  ];
  for (const prepare of preparations)
    for (const steps of lists) {
      if (!wanted()) return;
      prepare(steps);
      await nextTask();
    }
}

/** Lets the worker's queued messages in before the next piece of preparation. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function totalSteps(file: HistoryFile): number {
  const count = (h: History): number =>
    h.steps.length + (h.children ?? []).reduce((n, c) => n + count(c.history), 0);
  return file.histories.reduce((n, h) => n + count(h), 0);
}

/** Parses each file's text; a file that fails is named in `failures` and the others go on. */
export function parseAll(
  files: readonly { name: string; text: string }[],
  failures: string[],
): ParsedSource[] {
  return files.flatMap((f) => {
    try {
      return [parseSource(f.text, f.name)];
    } catch (error) {
      failures.push((error as Error).message);
      return [];
    }
  });
}

/** Reads picked files in the worker, in chunks (JSONL line by line), reporting bytes read. */
export async function readAll(
  files: readonly PickedFile[],
  failures: string[],
  onProgress: (fraction: number) => void,
): Promise<ParsedSource[]> {
  const total = Math.max(
    1,
    files.reduce((n, f) => n + f.file.size, 0),
  );
  let before = 0;
  const out: ParsedSource[] = [];
  for (const f of files) {
    try {
      out.push(
        await readSource(f.file, f.path, (fraction) =>
          onProgress((before + fraction * f.file.size) / total),
        ),
      );
    } catch (error) {
      failures.push((error as Error).message);
    }
    before += f.file.size;
  }
  return out;
}

/** The history at a run and a path of sub-agent ids. */
export function historyIn(
  file: HistoryFile,
  run: number,
  sub: readonly string[],
): History | undefined {
  let h = file.histories[run];
  for (const id of sub) h = h?.children?.find((c) => c.history.id === id)?.history;
  return h;
}

/** The files a load read, as the library keeps them. */
export type Kept = { name: string; parts: StoredPart[] };
