/**
 * The history worker's logic, kept free of worker globals so tests can drive it: parse and import a
 * file, send the chars/4 counts at once, then the exact counts, reporting progress as it goes; compare
 * strategies over a loaded history.
 */
import { compareStrategies, contextForChoice } from '../compare/compare';
import { runSweep } from '../compare/sweep';
import { parseSource, readSource, resolvePointer, type ParsedSource } from '../import';
import { folderName, importSources, isHistoryFileName } from '../import/files';
import type { History, HistoryFile } from '../model/types';
import { createStrategyContext } from '../strategies/context';
import { createStepTokens } from '../tokens/step-tokens';
import type { TokenizerId } from '../tokens/tokenizer';
import { LibraryError, type Library, type StoredFile, type StoredPart } from '../library/library';
import type { PickedFile, WorkerRequest, WorkerResponse } from './protocol';

async function openOrExplain(library: (() => Promise<Library>) | undefined): Promise<Library> {
  if (!library) throw new LibraryError('The library is not available here');
  return library();
}

function countAll(file: HistoryFile, tokenizer: TokenizerId, onProgress: (done: number) => void): Record<string, number[]> {
  const tokens = createStepTokens(tokenizer, 'openai');
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
  const count = (h: History): number => h.steps.length + (h.children ?? []).reduce((n, c) => n + count(c.history), 0);
  return file.histories.reduce((n, h) => n + count(h), 0);
}

/** Records longer than this are cut in the inspector's view of the original. */
export const MAX_RECORD_CHARS = 200_000;

/** Parses each file's text; a file that fails is named in `failures` and the others go on. */
function parseAll(files: readonly { name: string; text: string }[], failures: string[]): ParsedSource[] {
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
async function readAll(files: readonly PickedFile[], failures: string[], onProgress: (fraction: number) => void): Promise<ParsedSource[]> {
  const total = Math.max(1, files.reduce((n, f) => n + f.file.size, 0));
  let before = 0;
  const out: ParsedSource[] = [];
  for (const f of files) {
    try {
      out.push(await readSource(f.file, f.path, (fraction) => onProgress((before + fraction * f.file.size) / total)));
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

export function createWorkerHandler(post: (message: WorkerResponse) => void, library?: () => Promise<Library>) {
  let current: HistoryFile | undefined;
  let lastFormat = '';
  // Each loaded file's parsed value, by file name, for record lookups.
  let raw = new Map<string, unknown>();

  const load = (requestId: number, sources: readonly ParsedSource[], failures: string[], count: number, notes: string[] = []) => {
    const loaded = importSources(sources, failures);
    loaded.warnings.unshift(...notes);
    if (loaded.histories.length === 0) throw new Error(failures.join('; ') || 'No file was given');
    raw = loaded.raw;
    current = { histories: loaded.histories };
    lastFormat = [...new Set(loaded.formats)].join(', ');
    const one = count === 1 ? sources[0] : undefined;
    const name = one ? one.path : failures.length === 0 && sources.some((x) => x.path.includes('/')) ? folderName(sources) : `${count - failures.length} of ${count} files`;
    post({
      type: 'loaded',
      requestId,
      name,
      format: [...new Set(loaded.formats)].join(', '),
      file: current,
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
    const stats = { format: lastFormat, runs: file.histories.length, steps: file.histories.reduce((n, h) => n + h.steps.length, 0) };
    try {
      const lib = await openOrExplain(library);
      let entry: StoredFile | undefined;
      if (kept) entry = await lib.add({ name: kept.name, size: kept.parts.reduce((n, p) => n + p.bytes.byteLength, 0), parts: kept.parts, ...stats });
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

  return async (request: WorkerRequest): Promise<void> => {
    const { requestId } = request;
    try {
      if (request.type === 'record') {
        const record = raw.has(request.file) ? resolvePointer(raw.get(request.file), request.pointer) : undefined;
        const text = record === undefined ? `No record at ${request.pointer || '/'} in the loaded file.` : JSON.stringify(record, null, 2);
        const cut = text.length > MAX_RECORD_CHARS ? `${text.slice(0, MAX_RECORD_CHARS)}\n… (${text.length - MAX_RECORD_CHARS} more characters)` : text;
        post({ type: 'record', requestId, pointer: request.pointer, text: cut });
        return;
      }
      if (request.type === 'sweep') {
        const history = current ? historyIn(current, request.target.run, request.target.sub) : undefined;
        if (!history) throw new Error('No history is loaded at that run and sub-agent');
        const ctx = createStrategyContext({ tokenizer: request.target.tokenizer, dialect: request.target.dialect, model: request.target.model ?? history.model });
        const total = Math.max(1, request.values.length);
        const sweep = runSweep(history, request.choice, request.param, request.values, ctx, request.sheet, (done) => post({ type: 'progress', requestId, progress: done / total }));
        post({ type: 'swept', requestId, sweep });
        return;
      }
      if (request.type === 'compare' || request.type === 'context-at') {
        const history = current ? historyIn(current, request.target.run, request.target.sub) : undefined;
        if (!history) throw new Error('No history is loaded at that run and sub-agent');
        const ctx = createStrategyContext({ tokenizer: request.target.tokenizer, dialect: request.target.dialect, model: request.target.model ?? history.model });
        if (request.type === 'compare') {
          post({ type: 'compared', requestId, comparison: compareStrategies(history, request.choices, ctx, request.custom) });
        } else {
          const contexts = request.choices.map((choice, i) => contextForChoice(history, choice, request.stepIndex, ctx, request.custom?.[i]));
          post({ type: 'contexts', requestId, stepIndex: request.stepIndex, contexts, tokens: contexts.map((steps) => ctx.tokens.context(steps)) });
        }
        return;
      }
      let kept: Kept | undefined;
      let reopened: string | undefined;
      if (request.type === 'load') {
        post({ type: 'progress', requestId, progress: 0.05 });
        load(requestId, [parseSource(request.text, request.name)], [], 1);
        if (request.keep) kept = { name: request.name, parts: [{ path: request.name, bytes: new TextEncoder().encode(request.text).buffer as ArrayBuffer }] };
      }
      if (request.type === 'load-many') {
        const failures: string[] = [];
        load(requestId, parseAll(request.files, failures), failures, request.files.length);
      }
      if (request.type === 'read-files' || request.type === 'open-library') {
        let files = request.type === 'read-files' ? request.files : [];
        if (request.type === 'open-library') {
          const entry = await (await openOrExplain(library)).get(request.id);
          if (!entry) throw new Error('This history is no longer in the library (deleted in another tab?)');
          files = entry.parts.map((p) => ({ path: p.path, file: new File([p.bytes], p.path.split('/').at(-1) ?? p.path) }));
          reopened = entry.id;
        }
        const failures: string[] = [];
        // A folder holds other files too: read the ones that can be histories.
        const wanted = files.length > 1 ? files.filter((f) => isHistoryFileName(f.path)) : files;
        const skipped = files.filter((f) => !wanted.includes(f));
        const notes = skipped.length > 0 ? [`${skipped.length} file(s) that are not JSON were skipped: ${skipped.slice(0, 5).map((f) => f.path).join(', ')}${skipped.length > 5 ? ', …' : ''}`] : [];
        const sources = await readAll(wanted, failures, (fraction) => post({ type: 'progress', requestId, progress: 0.02 + 0.08 * fraction }));
        const name = load(requestId, sources, failures, wanted.length, notes);
        if (request.type === 'read-files') kept = { name, parts: await Promise.all(wanted.map(async (f) => ({ path: f.path, bytes: await f.file.arrayBuffer() }))) };
      }
      if (kept || reopened) void keep(requestId, kept, reopened);
      if (!current) throw new Error('No history is loaded');
      const file = current;
      const total = Math.max(1, totalSteps(file));
      post({ type: 'counts', requestId, tokenizer: 'heuristic', exact: request.tokenizer === 'heuristic', byHistory: countAll(file, 'heuristic', () => {}) });
      if (request.tokenizer !== 'heuristic') {
        const byHistory = countAll(file, request.tokenizer, (done) => post({ type: 'progress', requestId, progress: 0.1 + (0.9 * done) / total }));
        post({ type: 'counts', requestId, tokenizer: request.tokenizer, exact: true, byHistory });
      }
      post({ type: 'progress', requestId, progress: 1 });
    } catch (error) {
      post({ type: 'failed', requestId, message: (error as Error).message });
    }
  };
}
