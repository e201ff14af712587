/**
 * The history worker's logic, kept free of worker globals so tests can drive it: parse and import a
 * file, send the chars/4 counts at once, then the exact counts, reporting progress as it goes; keep
 * files in the library; compare strategies over a loaded history. One handler per request type,
 * dispatched by a switch the compiler checks for exhaustiveness.
 */

import type { CustomRunner } from '../compare/custom-run';
import { parseSource, type ParsedSource } from '../import';
import { folderName, importSources, isHistoryFileName } from '../import/files';
import type { Dialect } from '../messages/types';
import type { History, HistoryFile } from '../model/types';
import {
  fileSummary,
  partSize,
  type FileSummary,
  type Library,
  type StoredFile,
} from '../library/library';
import { assertUnreachable } from '../model/steps';
import { summarizeRuns } from '../model/run-summary';
import { compareAnswer, contextsAnswer, sweepAnswer } from './compare-requests';
import { fleetAnswer } from './fleet-requests';
import { fleetCompareAnswer } from './fleet-compare-requests';
import { resultsAmong } from '../fleet/results-file';
import { pairAnswer, readPairedFleet, type PairedFleet } from './pair-requests';
import { recordAnswer, searchAnswer, stepAnswer, wholeAnswer } from './whole-requests';
import type {
  CompareRequest,
  ContextAtRequest,
  Counting,
  DrawnRequest,
  PrepareRequest,
  FleetCompareRequest,
  FleetRequest,
  LoadingRequest,
  PairRequest,
  PickedFile,
  RecordRequest,
  RunRequest,
  SearchRequest,
  StepRequest,
  SweepRequest,
  WorkerRequest,
  WholeRequest,
  WorkerResponse,
} from './protocol';
import type { Kept } from './load-files';

/** What the library records of a loaded file besides its bytes. */
type Stats = Pick<StoredFile, 'format' | 'runs' | 'steps'>;
import {
  allSteps,
  countAll,
  openOrExplain,
  parseAll,
  prepareAll,
  readAll,
  totalSteps,
} from './load-files';
import { PREVIEW_ABOVE, runForPage, runForPageInParts } from '../model/preview';
import { countInParallel, type CountHelper } from '../tokens/parallel';
import { createStepTokens, type StepTokens } from '../tokens/step-tokens';

/**
 * How a loaded file's first run reaches the page: previewed when its texts pass `previewAbove`
 * characters (lib/model/preview.ts), and its steps `stepsPerMessage` at a time (structured clone
 * costs per object: one message of 9,405 steps was one 200 ms task on the page; 1,000 cost ~20 ms).
 * A load's exact counts and library copy wait for the page to say it has drawn the run (`drawn`),
 * at most `drawnWait` ms (the app's worker; 0, no wait, where no page draws).
 */
export interface PageDelivery {
  readonly previewAbove: number;
  readonly stepsPerMessage: number;
  readonly drawnWait: number;
}
const DELIVERY: PageDelivery = {
  previewAbove: PREVIEW_ABOVE,
  stepsPerMessage: 1_000,
  drawnWait: 0,
};

export function createWorkerHandler(
  post: (message: WorkerResponse) => void,
  library?: () => Promise<Library>,
  helpers: readonly CountHelper[] = [],
  /** How runs reach the page (tests lower both): see `PageDelivery`. */
  delivery: Partial<PageDelivery> = {},
  /** The sandbox custom functions run in over a fleet (the app's: components/compare/sandbox.ts). */
  runCustom?: CustomRunner,
) {
  const { previewAbove, stepsPerMessage, drawnWait } = { ...DELIVERY, ...delivery };
  const forPage = (history: History) => runForPage(history, previewAbove);
  let current: HistoryFile | undefined;
  // The loaded file's counts per tokenizer and dialect: counted once, read by every request.
  let tokens = new Map<string, StepTokens>();
  const tokensFor = (c: Counting): StepTokens => {
    const key = `${c.tokenizer}:${c.dialect}`;
    let t = tokens.get(key);
    if (!t) tokens.set(key, (t = createStepTokens(c.tokenizer, c.dialect)));
    return t;
  };
  // Each loaded file's parsed value, by file name, for record lookups.
  let raw = new Map<string, unknown>();
  // A benchmark's results file picked with its runs: which tasks were solved (the fleet comparison).
  let resolved: ReadonlyMap<string, boolean> | undefined;
  // Fleet comparisons under way, so a `cancel` stops them between runs.
  const running = new Map<number, AbortController>();
  // Loads waiting for the page to draw their first run, and the last load it said it drew.
  const drawing = new Map<number, () => void>();
  let lastDrawn = 0;
  const pageDrew = (requestId: number) =>
    new Promise<void>((resolve) => {
      if (drawnWait <= 0 || lastDrawn >= requestId) return resolve();
      const done = () => {
        clearTimeout(timer);
        drawing.delete(requestId);
        resolve();
      };
      const timer = setTimeout(done, drawnWait);
      drawing.set(requestId, done);
    });
  const drawn = (request: DrawnRequest) => {
    lastDrawn = Math.max(lastDrawn, request.requestId);
    drawing.get(request.requestId)?.();
  };
  // Each loaded file's counts under way (settled, failed or not), and the counters its strategy
  // indexes were built for (`prepare`).
  const counted = new WeakMap<HistoryFile, Promise<unknown>>();
  const prepared = new WeakMap<HistoryFile, Set<string>>();
  /** The loaded file's counts, noted so that `prepare` waits for them. */
  const noteCounts = <T>(counts: Promise<T>): Promise<T> => {
    if (current)
      counted.set(
        current,
        counts.catch(() => {}),
      );
    return counts;
  };

  const load = (
    requestId: number,
    sources: readonly ParsedSource[],
    failures: string[],
    count: number,
    dialect: Dialect,
    notes: string[] = [],
  ) => {
    // A results file among several files is the runs' verdicts, not a history (lib/fleet/results-file.ts).
    const results = sources.length > 1 ? resultsAmong(sources) : undefined;
    const loaded = importSources(
      results ? sources.filter((s) => s !== results.source) : sources,
      failures,
    );
    loaded.warnings.unshift(...notes, ...(results ? [results.note] : []));
    if (loaded.histories.length === 0) throw new Error(failures.join('; ') || 'No file was given');
    raw = loaded.raw;
    resolved = results?.resolved;
    current = { histories: loaded.histories };
    tokens = new Map();
    const format = [...new Set(loaded.formats)].join(', ');
    const one = count === 1 ? sources[0] : undefined;
    const name = one
      ? one.path
      : failures.length === 0 && sources.some((x) => x.path.includes('/'))
        ? folderName(sources)
        : `${count - failures.length} of ${count} files`;
    const whole = current.histories[0] as History;
    const first = runForPageInParts(whole, previewAbove);
    const n = whole.steps.length;
    const part = (at: number) => whole.steps.slice(at, at + stepsPerMessage).map(first.step);
    // The chars/4 counts of every run come with the part that completes the first run (the page's
    // first paint shows them): counted here while the page takes in the parts before it.
    const file = current;
    const estimate = () => ({
      dialect,
      byHistory: countAll(file, tokensFor({ tokenizer: 'heuristic', dialect }), () => {}),
    });
    const head = part(0);
    post({
      type: 'loaded',
      requestId,
      name,
      format,
      runs: summarizeRuns(current),
      first: { ...first.run, steps: head },
      more: n - head.length,
      warnings: loaded.warnings,
      ...(head.length === n ? { estimate: estimate() } : {}),
    });
    for (let at = head.length; at < n; at += stepsPerMessage) {
      const steps = part(at);
      const last = at + steps.length === n;
      post({ type: 'steps', requestId, steps, ...(last ? { estimate: estimate() } : {}) });
    }
    // The files that did not load are named in an error; the others stay loaded.
    if (failures.length > 0) post({ type: 'failed', requestId, message: failures.join('; ') });
    // What the library records of it.
    const stats = {
      format,
      runs: current.histories.length,
      steps: current.histories.reduce((n, h) => n + h.steps.length, 0),
    };
    return { name, stats };
  };

  /** Adds what was just loaded to the library (or marks a reopened entry opened); says so either way. */
  const keep = async (
    requestId: number,
    stats: Stats,
    what: { add: Kept } | { reopened: string },
  ) => {
    try {
      const lib = await openOrExplain(library);
      let entry: FileSummary | undefined;
      if ('add' in what) {
        const { name, parts } = what.add;
        entry = fileSummary(
          await lib.add({
            name,
            size: parts.reduce((n, p) => n + partSize(p), 0),
            parts,
            ...stats,
          }),
        );
      } else {
        // The summary only: the bytes were read once to open the entry.
        entry = await lib.touch(what.reopened);
      }
      if (entry) post({ type: 'stored', requestId, entry });
    } catch (error) {
      post({ type: 'store-failed', requestId, message: (error as Error).message });
    }
  };

  const run = (request: RunRequest) => {
    const history = current?.histories[request.index];
    if (!history) throw new Error(`No run ${request.index + 1} in the loaded file`);
    post({
      type: 'run',
      requestId: request.requestId,
      index: request.index,
      history: forPage(history),
    });
  };

  const step = (request: StepRequest) => post(stepAnswer(current, request));
  const whole = (request: WholeRequest) => post(wholeAnswer(current, request));
  const search = (request: SearchRequest) => post(searchAnswer(current, request));

  const record = (request: RecordRequest) => post(recordAnswer(raw, request));

  const sweep = (request: SweepRequest) => post(sweepAnswer(current, request, post, tokensFor));
  const compare = (request: CompareRequest) => post(compareAnswer(current, request, tokensFor));
  const contextAt = (request: ContextAtRequest) =>
    post(contextsAnswer(current, request, tokensFor));
  const fleet = (request: FleetRequest) => post(fleetAnswer(current, request, post, tokensFor));
  const fleetCompare = async (request: FleetCompareRequest) => {
    const stop = new AbortController();
    running.set(request.requestId, stop);
    try {
      post(
        await fleetCompareAnswer(
          current,
          request,
          post,
          tokensFor,
          resolved,
          stop.signal,
          runCustom,
        ),
      );
    } finally {
      running.delete(request.requestId);
    }
  };
  // The fleet paired with the loaded one, by the page's pick: read once, kept for the next presets.
  let paired: { pick: number; fleet: PairedFleet } | undefined;
  const pair = async (request: PairRequest) => {
    const { requestId } = request;
    if (paired?.pick !== request.pick)
      paired = {
        pick: request.pick,
        fleet: await readPairedFleet(request.files, (fraction) =>
          post({ type: 'progress', requestId, progress: 0.1 * fraction }),
        ),
      };
    post(pairAnswer(current, paired.fleet, request, post, tokensFor, resolved));
  };

  /**
   * The chars/4 counts at once (unless a load just sent them with its run), then the exact ones
   * with progress: every distinct string counted once, on this thread and the counting helpers
   * (the other cores), then each step's sum.
   */
  const count = async (requestId: number, request: Counting, estimated = false) => {
    if (!current) throw new Error('No history is loaded');
    // Only the two fields: the request itself carries its own `type`.
    const counting: Counting = { tokenizer: request.tokenizer, dialect: request.dialect };
    const file = current;
    const total = Math.max(1, totalSteps(file));
    const heuristic = { tokenizer: 'heuristic' as const, dialect: counting.dialect };
    if (!estimated || counting.tokenizer === 'heuristic')
      post({
        type: 'counts',
        requestId,
        ...heuristic,
        exact: counting.tokenizer === 'heuristic',
        byHistory: countAll(file, tokensFor(heuristic), () => {}),
      });
    if (counting.tokenizer !== 'heuristic') {
      const exact = tokensFor(counting);
      await countInParallel(allSteps(file), exact, helpers, (fraction) =>
        post({ type: 'progress', requestId, progress: 0.1 + 0.85 * fraction }),
      );
      // Another file loaded meanwhile: these counts are no longer wanted.
      if (file !== current) return;
      const byHistory = countAll(file, exact, (done) =>
        post({ type: 'progress', requestId, progress: 0.95 + (0.05 * done) / total }),
      );
      post({ type: 'counts', requestId, ...counting, exact: true, byHistory });
    }
    post({ type: 'progress', requestId, progress: 1 });
  };

  /**
   * The loaded file's strategy indexes for a counter, once its counts are in (the heuristic ones
   * when that is what the page counts with): built when a view that applies strategies opens, once
   * per file and counter.
   */
  const prepare = async (request: PrepareRequest) => {
    const file = current;
    if (!file) return;
    await counted.get(file);
    const key = `${request.tokenizer}:${request.dialect}`;
    const done = prepared.get(file) ?? new Set<string>();
    if (file !== current || done.has(key)) return;
    prepared.set(file, done.add(key));
    await prepareAll(file, tokensFor(request), () => file === current);
  };

  /** Picked files (or a library entry's), read in chunks; a folder's other files are skipped. */
  const readPicked = async (requestId: number, files: readonly PickedFile[], dialect: Dialect) => {
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
    return { ...load(requestId, sources, failures, wanted.length, dialect, notes), wanted };
  };

  /**
   * Loads, counts, and keeps the file in the library (or marks a reopened entry opened): the last
   * two once the page has drawn the run (`pageDrew`).
   */
  const loadAndCount = async (request: LoadingRequest) => {
    const { requestId } = request;
    let keeping: (() => Promise<void>) | undefined;
    switch (request.type) {
      case 'load': {
        post({ type: 'progress', requestId, progress: 0.05 });
        const { stats } = load(
          requestId,
          [parseSource(request.text, request.name)],
          [],
          1,
          request.dialect,
        );
        // A Blob of the text's UTF-8 bytes: IndexedDB copies it without the worker holding them.
        const bytes = new Blob([request.text]);
        if (request.keep)
          keeping = () =>
            keep(requestId, stats, {
              add: { name: request.name, parts: [{ path: request.name, bytes }] },
            });
        break;
      }
      case 'load-many': {
        const failures: string[] = [];
        load(
          requestId,
          parseAll(request.files, failures),
          failures,
          request.files.length,
          request.dialect,
        );
        break;
      }
      case 'read-files': {
        const { name, stats, wanted } = await readPicked(requestId, request.files, request.dialect);
        // The picked files themselves: the library copies them in the browser, not in this worker.
        const parts = wanted.map((f) => ({ path: f.path, bytes: f.file }));
        keeping = () => keep(requestId, stats, { add: { name, parts } });
        break;
      }
      case 'open-library': {
        const entry = await (await openOrExplain(library)).get(request.id);
        if (!entry)
          throw new Error('This history is no longer in the library (deleted in another tab?)');
        const { stats } = await readPicked(
          requestId,
          entry.parts.map((p) => ({
            path: p.path,
            file: new File([p.bytes], p.path.split('/').at(-1) ?? p.path),
          })),
          request.dialect,
        );
        keeping = () => keep(requestId, stats, { reopened: entry.id });
        break;
      }
      default:
        assertUnreachable(request);
    }
    await noteCounts(
      (async () => {
        await pageDrew(requestId);
        void keeping?.();
        await count(requestId, request, true);
      })(),
    );
  };

  return async (request: WorkerRequest): Promise<void> => {
    try {
      switch (request.type) {
        case 'run':
          return run(request);
        case 'step':
          return step(request);
        case 'whole':
          return whole(request);
        case 'search':
          return search(request);
        case 'record':
          return record(request);
        case 'sweep':
          return sweep(request);
        case 'compare':
          return compare(request);
        case 'context-at':
          return contextAt(request);
        case 'fleet':
          return fleet(request);
        case 'fleet-compare':
          return await fleetCompare(request);
        case 'cancel':
          return running.get(request.requestId)?.abort();
        case 'drawn':
          return drawn(request);
        case 'pair':
          return await pair(request);
        case 'prepare':
          return await prepare(request);
        case 'count':
          return await noteCounts(count(request.requestId, request));
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
