/**
 * The history worker's logic, kept free of worker globals so tests can drive it: parse and import a
 * file, send the chars/4 counts at once, then the exact counts, reporting progress as it goes; keep
 * files in the library; compare strategies over a loaded history. One handler per request type,
 * dispatched by a switch the compiler checks for exhaustiveness.
 */
import { compareStrategies, contextForChoice } from '../compare/compare';
import { runSweep } from '../compare/sweep';
import { parseSource, readSource, resolvePointer, type ParsedSource } from '../import';
import { folderName, importSources, isHistoryFileName } from '../import/files';
import type { History, HistoryFile } from '../model/types';
import { createStrategyContext } from '../strategies/context';
import { createStepTokens } from '../tokens/step-tokens';
import { LibraryError, type Library, type StoredFile, type StoredPart } from '../library/library';
import { assertUnreachable } from '../model/steps';
import { summarizeRuns } from '../state/debugger-store';
import type {
  CompareRequest,
  ContextAtRequest,
  Counting,
  LoadingRequest,
  PickedFile,
  RecordRequest,
  RunRequest,
  SweepRequest,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

async function openOrExplain(library: (() => Promise<Library>) | undefined): Promise<Library> {
  if (!library) throw new LibraryError('The library is not available here');
  return library();
}

function countAll(
  file: HistoryFile,
  counting: Counting,
  onProgress: (done: number) => void,
): Record<string, number[]> {
  // The dialect the page shows: the timeline, compare and "context at call" count alike.
  const tokens = createStepTokens(counting.tokenizer, counting.dialect);
  // Keyed by history ids from the file: "__proto__" or "constructor" must be plain keys.
  const out = Object.create(null) as Record<string, number[]>;
  let done = 0;
  const visit = (h: History) => {
    out[h.id] = h.steps.map((s) => {
      done++;
      if (done % 500 === 0) onProgress(done);
      return tokens.step(s);
    });
    for (const c of h.children ?? []) visit(c.history);
  };
  for (const h of file.histories) visit(h);
  return out;
}

function totalSteps(file: HistoryFile): number {
  const count = (h: History): number =>
    h.steps.length + (h.children ?? []).reduce((n, c) => n + count(c.history), 0);
  return file.histories.reduce((n, h) => n + count(h), 0);
}

/** Records longer than this are cut in the inspector's view of the original. */
export const MAX_RECORD_CHARS = 200_000;

/** Parses each file's text; a file that fails is named in `failures` and the others go on. */
function parseAll(
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
async function readAll(
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
function historyIn(file: HistoryFile, run: number, sub: readonly string[]): History | undefined {
  let h = file.histories[run];
  for (const id of sub) h = h?.children?.find((c) => c.history.id === id)?.history;
  return h;
}

/** The files a load read, as the library keeps them. */
type Kept = { name: string; parts: StoredPart[] };

export function createWorkerHandler(
  post: (message: WorkerResponse) => void,
  library?: () => Promise<Library>,
) {
  let current: HistoryFile | undefined;
  let lastFormat = '';
  // Each loaded file's parsed value, by file name, for record lookups.
  let raw = new Map<string, unknown>();

  const load = (
    requestId: number,
    sources: readonly ParsedSource[],
    failures: string[],
    count: number,
    notes: string[] = [],
  ) => {
    const loaded = importSources(sources, failures);
    loaded.warnings.unshift(...notes);
    if (loaded.histories.length === 0) throw new Error(failures.join('; ') || 'No file was given');
    raw = loaded.raw;
    current = { histories: loaded.histories };
    lastFormat = [...new Set(loaded.formats)].join(', ');
    const one = count === 1 ? sources[0] : undefined;
    const name = one
      ? one.path
      : failures.length === 0 && sources.some((x) => x.path.includes('/'))
        ? folderName(sources)
        : `${count - failures.length} of ${count} files`;
    post({
      type: 'loaded',
      requestId,
      name,
      format: [...new Set(loaded.formats)].join(', '),
      runs: summarizeRuns(current),
      first: current.histories[0] as History,
      warnings: loaded.warnings,
    });
    // The files that did not load are named in an error; the others stay loaded.
    if (failures.length > 0) post({ type: 'failed', requestId, message: failures.join('; ') });
    return name;
  };

  /** Adds what was just loaded to the library (or marks a reopened entry opened); says so either way. */
  const keep = async (requestId: number, kept: Kept | undefined, reopened: string | undefined) => {
    // Taken now: another load may replace `current` while the library opens.
    const file = current;
    if (!file) return;
    const stats = {
      format: lastFormat,
      runs: file.histories.length,
      steps: file.histories.reduce((n, h) => n + h.steps.length, 0),
    };
    try {
      const lib = await openOrExplain(library);
      let entry: StoredFile | undefined;
      if (kept)
        entry = await lib.add({
          name: kept.name,
          size: kept.parts.reduce((n, p) => n + p.bytes.byteLength, 0),
          parts: kept.parts,
          ...stats,
        });
      else if (reopened) {
        await lib.touch(reopened);
        entry = await lib.get(reopened);
      }
      if (entry) {
        const { parts: _parts, ...summary } = entry;
        post({ type: 'stored', requestId, entry: summary });
      }
    } catch (error) {
      post({ type: 'store-failed', requestId, message: (error as Error).message });
    }
  };

  const targetHistory = (target: CompareRequest['target']) => {
    const history = current ? historyIn(current, target.run, target.sub) : undefined;
    if (!history) throw new Error('No history is loaded at that run and sub-agent');
    return {
      history,
      ctx: createStrategyContext({
        tokenizer: target.tokenizer,
        dialect: target.dialect,
        model: target.model ?? history.model,
      }),
    };
  };

  const run = (request: RunRequest) => {
    const history = current?.histories[request.index];
    if (!history) throw new Error(`No run ${request.index + 1} in the loaded file`);
    post({ type: 'run', requestId: request.requestId, index: request.index, history });
  };

  const record = (request: RecordRequest) => {
    const value = raw.has(request.file)
      ? resolvePointer(raw.get(request.file), request.pointer)
      : undefined;
    const text =
      value === undefined
        ? `No record at ${request.pointer || '/'} in the loaded file.`
        : JSON.stringify(value, null, 2);
    const cut =
      text.length > MAX_RECORD_CHARS
        ? `${text.slice(0, MAX_RECORD_CHARS)}\n… (${text.length - MAX_RECORD_CHARS} more characters)`
        : text;
    post({ type: 'record', requestId: request.requestId, pointer: request.pointer, text: cut });
  };

  const sweep = (request: SweepRequest) => {
    const { history, ctx } = targetHistory(request.target);
    const total = Math.max(1, request.values.length);
    const result = runSweep(
      history,
      request.choice,
      request.param,
      request.values,
      ctx,
      request.sheet,
      (done) => post({ type: 'progress', requestId: request.requestId, progress: done / total }),
    );
    post({ type: 'swept', requestId: request.requestId, sweep: result });
  };

  const compare = (request: CompareRequest) => {
    const { history, ctx } = targetHistory(request.target);
    post({
      type: 'compared',
      requestId: request.requestId,
      comparison: compareStrategies(history, request.choices, ctx, request.custom),
    });
  };

  const contextAt = (request: ContextAtRequest) => {
    const { history, ctx } = targetHistory(request.target);
    const contexts = request.choices.map((choice, i) =>
      contextForChoice(history, choice, request.stepIndex, ctx, request.custom?.[i]),
    );
    post({
      type: 'contexts',
      requestId: request.requestId,
      stepIndex: request.stepIndex,
      contexts,
      tokens: contexts.map((steps) => ctx.tokens.context(steps)),
    });
  };

  /** The chars/4 counts at once, then the exact ones with progress. */
  const count = (requestId: number, request: Counting) => {
    if (!current) throw new Error('No history is loaded');
    // Only the two fields: the request itself carries its own `type`.
    const counting: Counting = { tokenizer: request.tokenizer, dialect: request.dialect };
    const file = current;
    const total = Math.max(1, totalSteps(file));
    const heuristic = { tokenizer: 'heuristic' as const, dialect: counting.dialect };
    post({
      type: 'counts',
      requestId,
      ...heuristic,
      exact: counting.tokenizer === 'heuristic',
      byHistory: countAll(file, heuristic, () => {}),
    });
    if (counting.tokenizer !== 'heuristic') {
      const byHistory = countAll(file, counting, (done) =>
        post({ type: 'progress', requestId, progress: 0.1 + (0.9 * done) / total }),
      );
      post({ type: 'counts', requestId, ...counting, exact: true, byHistory });
    }
    post({ type: 'progress', requestId, progress: 1 });
  };

  /** Picked files (or a library entry's), read in chunks; a folder's other files are skipped. */
  const readPicked = async (requestId: number, files: readonly PickedFile[]) => {
    const failures: string[] = [];
    const wanted = files.length > 1 ? files.filter((f) => isHistoryFileName(f.path)) : files;
    const skipped = files.filter((f) => !wanted.includes(f));
    const notes =
      skipped.length > 0
        ? [
            `${skipped.length} file(s) that are not JSON were skipped: ${skipped
              .slice(0, 5)
              .map((f) => f.path)
              .join(', ')}${skipped.length > 5 ? ', …' : ''}`,
          ]
        : [];
    const sources = await readAll(wanted, failures, (fraction) =>
      post({ type: 'progress', requestId, progress: 0.02 + 0.08 * fraction }),
    );
    return { name: load(requestId, sources, failures, wanted.length, notes), wanted };
  };

  /** Loads, counts, and keeps the file in the library (or marks a reopened entry opened). */
  const loadAndCount = async (request: LoadingRequest) => {
    const { requestId } = request;
    switch (request.type) {
      case 'load': {
        post({ type: 'progress', requestId, progress: 0.05 });
        load(requestId, [parseSource(request.text, request.name)], [], 1);
        if (request.keep)
          void keep(
            requestId,
            {
              name: request.name,
              parts: [
                {
                  path: request.name,
                  bytes: new TextEncoder().encode(request.text).buffer as ArrayBuffer,
                },
              ],
            },
            undefined,
          );
        break;
      }
      case 'load-many': {
        const failures: string[] = [];
        load(requestId, parseAll(request.files, failures), failures, request.files.length);
        break;
      }
      case 'read-files': {
        const { name, wanted } = await readPicked(requestId, request.files);
        void keep(
          requestId,
          {
            name,
            parts: await Promise.all(
              wanted.map(async (f) => ({ path: f.path, bytes: await f.file.arrayBuffer() })),
            ),
          },
          undefined,
        );
        break;
      }
      case 'open-library': {
        const entry = await (await openOrExplain(library)).get(request.id);
        if (!entry)
          throw new Error('This history is no longer in the library (deleted in another tab?)');
        await readPicked(
          requestId,
          entry.parts.map((p) => ({
            path: p.path,
            file: new File([p.bytes], p.path.split('/').at(-1) ?? p.path),
          })),
        );
        void keep(requestId, undefined, entry.id);
        break;
      }
      default:
        assertUnreachable(request);
    }
    count(requestId, request);
  };

  return async (request: WorkerRequest): Promise<void> => {
    try {
      switch (request.type) {
        case 'run':
          return run(request);
        case 'record':
          return record(request);
        case 'sweep':
          return sweep(request);
        case 'compare':
          return compare(request);
        case 'context-at':
          return contextAt(request);
        case 'count':
          return count(request.requestId, request);
        case 'load':
        case 'load-many':
        case 'read-files':
        case 'open-library':
          return await loadAndCount(request);
        default:
          return assertUnreachable(request);
      }
    } catch (error) {
      post({ type: 'failed', requestId: request.requestId, message: (error as Error).message });
    }
  };
}
